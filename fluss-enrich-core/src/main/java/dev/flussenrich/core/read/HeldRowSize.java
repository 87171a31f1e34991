/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.row.BinaryArray;
import org.apache.fluss.row.BinaryRow;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericArray;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.InternalArray;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.row.TimestampLtz;
import org.apache.fluss.row.TimestampNtz;

import java.util.List;

/**
 * The heap one buffered row of a table takes, on average: what the buffer bound in bytes counts.
 *
 * <p>Fluss's log scanner hands out each row as a {@link GenericRow} of boxed values, which takes
 * several times its bytes in the log (a 50-column row of about 450 log bytes holds about 2.4 KB of
 * heap). The estimate follows that layout with 64-bit JVM sizes (compressed references); it is
 * sampled from a few rows of each fetched batch, since rows of one table differ only in their
 * strings, bytes and arrays.
 */
@Internal
final class HeldRowSize {

    /** The scan record (header, offset, timestamp, two references) and its slot in a queue. */
    static final int RECORD_OVERHEAD = 40 + 8;

    /** A GenericRow (header, references) and its field array's header. */
    private static final int ROW_OVERHEAD = 24 + 16;

    private static final int REFERENCE = 4;
    private static final int BOXED = 16;
    private static final int TIMESTAMP = 24;
    private static final int DECIMAL = 64;

    /** A BinaryString, its one-segment array, the segment and the byte array's header. */
    private static final int STRING_OVERHEAD = 32 + 24 + 48 + 16;

    private static final int BYTES_OVERHEAD = 16;

    /** A GenericArray (header, reference, size, flag) and its element array's header. */
    private static final int ARRAY_OVERHEAD = 24 + 16;

    /** A primitive element's width is not visible without a copy: counted at the widest. */
    private static final int PRIMITIVE_ELEMENT = 8;

    /** Before the first sample: a row of a few small columns. */
    private static final long FIRST_GUESS = 256;

    private long sampledBytes;
    private long sampledRows;

    /** Samples the first, middle and last row of a fetched batch. */
    void sample(List<ScanRecord> records) {
        if (records.isEmpty()) {
            return;
        }
        int last = records.size() - 1;
        for (int index : new int[] {0, last / 2, last}) {
            sampledBytes += heapBytes(records.get(index).getRow());
            sampledRows++;
        }
        if (sampledRows > 1 << 20) {
            // keep the average moving with the data, not fixed by its first million samples
            sampledBytes /= 2;
            sampledRows /= 2;
        }
    }

    /** The average heap of one buffered row, scan record included. */
    long bytesPerRow() {
        return sampledRows == 0 ? FIRST_GUESS : sampledBytes / sampledRows;
    }

    /** The heap one row takes while buffered, scan record included. */
    static long heapBytes(InternalRow row) {
        if (row instanceof BinaryRow binary) {
            return RECORD_OVERHEAD + 48 + align(binary.getSizeInBytes());
        }
        if (!(row instanceof GenericRow generic)) {
            return RECORD_OVERHEAD
                    + ROW_OVERHEAD
                    + (long) row.getFieldCount() * (REFERENCE + BOXED);
        }
        long bytes = RECORD_OVERHEAD + ROW_OVERHEAD + align(generic.getFieldCount() * REFERENCE);
        for (int i = 0; i < generic.getFieldCount(); i++) {
            bytes += valueBytes(generic.getField(i));
        }
        return bytes;
    }

    private static long valueBytes(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof BinaryString string) {
            return STRING_OVERHEAD + align(string.getSizeInBytes());
        }
        if (value instanceof byte[] bytes) {
            return align(BYTES_OVERHEAD + bytes.length);
        }
        if (value instanceof TimestampNtz || value instanceof TimestampLtz) {
            return TIMESTAMP;
        }
        if (value instanceof Number || value instanceof Boolean) {
            return BOXED;
        }
        if (value instanceof InternalRow nested) {
            return heapBytes(nested) - RECORD_OVERHEAD;
        }
        if (value instanceof InternalArray array) {
            return arrayBytes(array);
        }
        return DECIMAL; // decimals and maps: a rough guess
    }

    /**
     * An array by its elements: an embedding of 768 floats, as the scanner copies it out of Arrow
     * (boxed, {@code InternalRow.createDeepFieldGetter}), holds about 15 KB.
     */
    private static long arrayBytes(InternalArray array) {
        if (array instanceof GenericArray generic && !generic.isPrimitiveArray()) {
            long bytes = ARRAY_OVERHEAD + align((long) generic.size() * REFERENCE);
            for (Object element : generic.toObjectArray()) { // the array itself, not a copy
                bytes += valueBytes(element);
            }
            return bytes;
        }
        if (array instanceof BinaryArray binary) {
            return ARRAY_OVERHEAD + align(binary.getSizeInBytes());
        }
        return ARRAY_OVERHEAD + align((long) array.size() * PRIMITIVE_ELEMENT);
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }
}
