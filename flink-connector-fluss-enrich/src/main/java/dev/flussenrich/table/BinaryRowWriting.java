/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import org.apache.fluss.flink.utils.FlussRowToFlinkRowConverter;
import org.apache.fluss.memory.MemorySegment;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.Decimal;
import org.apache.fluss.row.InternalArray;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.row.TimestampLtz;
import org.apache.fluss.row.TimestampNtz;
import org.apache.fluss.types.ArrayType;
import org.apache.fluss.types.DataType;
import org.apache.fluss.types.DecimalType;
import org.apache.fluss.types.LocalZonedTimestampType;
import org.apache.fluss.types.RowType;
import org.apache.fluss.types.TimestampType;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryArrayData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.data.writer.BinaryRowWriter;
import org.apache.flink.table.data.writer.BinaryWriter;
import org.apache.flink.table.runtime.typeutils.ArrayDataSerializer;
import org.apache.flink.table.runtime.typeutils.InternalSerializers;
import org.apache.flink.table.types.logical.LogicalType;

import java.util.function.Function;

/**
 * Writes the fields of a Fluss row into a Flink {@code BinaryRowData}: each value is read once and
 * written once, primitives without boxing. A binary row is what Flink copies fastest between
 * chained operators (one memory copy instead of a copy per field), so the source converts each
 * value once, where a {@code GenericRowData} would be converted and then copied field by field.
 * Arrays of primitives without null elements are copied in bulk ({@link PrimitiveArrayWriting});
 * other nested values (MAP, ROW, other arrays) go through Fluss's own converter.
 */
@Internal
final class BinaryRowWriting {

    /** Writes one field of a Fluss row into position {@code to} of a binary row. */
    @FunctionalInterface
    private interface FieldWriter {
        void write(InternalRow from, int pos, BinaryRowWriter to, int toPos, Nested nested);
    }

    /** Lazily converts the whole row through Fluss's converter, for nested fields only. */
    private static final class Nested {
        private final FlussRowToFlinkRowConverter converter;
        private InternalRow row;
        private GenericRowData converted;

        Nested(FlussRowToFlinkRowConverter converter) {
            this.converter = converter;
        }

        void reset(InternalRow row) {
            this.row = row;
            this.converted = null;
        }

        Object field(int pos) {
            if (converted == null) {
                converted = (GenericRowData) converter.toFlinkRowData(row);
            }
            return converted.getField(pos);
        }
    }

    private final FieldWriter[] writers;
    private final Nested nested;

    /**
     * @param flussType the Fluss row type of the rows to write
     * @param flinkTypes the Flink types of the same fields
     */
    BinaryRowWriting(RowType flussType, java.util.List<LogicalType> flinkTypes) {
        this.writers = new FieldWriter[flussType.getFieldCount()];
        for (int i = 0; i < writers.length; i++) {
            DataType type = flussType.getTypeAt(i);
            writers[i] = nullable(writerFor(type, flinkTypes.get(i)), nullWriterFor(type));
        }
        this.nested = new Nested(new FlussRowToFlinkRowConverter(flussType));
    }

    /** Writes every field of {@code row} into positions 0..n-1 of {@code to}. */
    void write(InternalRow row, BinaryRowWriter to) {
        nested.reset(row);
        for (int i = 0; i < writers.length; i++) {
            writers[i].write(row, i, to, i, nested);
        }
    }

    /** Writes a null into position {@code toPos}. */
    @FunctionalInterface
    private interface NullWriter {
        void write(BinaryRowWriter to, int toPos);
    }

    /**
     * As Flink writes nulls: decimals and timestamps too wide for the fixed part keep their space
     * in the variable part, so that equal rows have equal bytes.
     */
    private static NullWriter nullWriterFor(DataType type) {
        if (type instanceof DecimalType decimal && !Decimal.isCompact(decimal.getPrecision())) {
            return (to, toPos) -> to.writeDecimal(toPos, null, decimal.getPrecision());
        }
        int timestampPrecision =
                type instanceof TimestampType ntz
                        ? ntz.getPrecision()
                        : type instanceof LocalZonedTimestampType ltz ? ltz.getPrecision() : -1;
        if (timestampPrecision > 3) {
            return (to, toPos) -> to.writeTimestamp(toPos, null, timestampPrecision);
        }
        return BinaryRowWriter::setNullAt;
    }

    private static FieldWriter nullable(FieldWriter writer, NullWriter nullWriter) {
        return (from, pos, to, toPos, nested) -> {
            if (from.isNullAt(pos)) {
                nullWriter.write(to, toPos);
            } else {
                writer.write(from, pos, to, toPos, nested);
            }
        };
    }

    private static FieldWriter writerFor(DataType fluss, LogicalType flink) {
        switch (fluss.getTypeRoot()) {
            case BOOLEAN:
                return (from, pos, to, toPos, n) -> to.writeBoolean(toPos, from.getBoolean(pos));
            case TINYINT:
                return (from, pos, to, toPos, n) -> to.writeByte(toPos, from.getByte(pos));
            case SMALLINT:
                return (from, pos, to, toPos, n) -> to.writeShort(toPos, from.getShort(pos));
            case INTEGER:
            case DATE:
            case TIME_WITHOUT_TIME_ZONE:
                return (from, pos, to, toPos, n) -> to.writeInt(toPos, from.getInt(pos));
            case BIGINT:
                return (from, pos, to, toPos, n) -> to.writeLong(toPos, from.getLong(pos));
            case FLOAT:
                return (from, pos, to, toPos, n) -> to.writeFloat(toPos, from.getFloat(pos));
            case DOUBLE:
                return (from, pos, to, toPos, n) -> to.writeDouble(toPos, from.getDouble(pos));
            case CHAR:
            case STRING:
                return (from, pos, to, toPos, n) ->
                        to.writeString(toPos, stringData(from.getString(pos)));
            case BINARY:
            case BYTES:
                return (from, pos, to, toPos, n) -> to.writeBinary(toPos, from.getBytes(pos));
            case DECIMAL:
                DecimalType decimal = (DecimalType) fluss;
                int precision = decimal.getPrecision();
                int scale = decimal.getScale();
                return (from, pos, to, toPos, n) ->
                        to.writeDecimal(
                                toPos,
                                decimalData(from.getDecimal(pos, precision, scale)),
                                precision);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                int ntzPrecision = ((TimestampType) fluss).getPrecision();
                return (from, pos, to, toPos, n) -> {
                    TimestampNtz ts = from.getTimestampNtz(pos, ntzPrecision);
                    to.writeTimestamp(
                            toPos,
                            TimestampData.fromEpochMillis(
                                    ts.getMillisecond(), ts.getNanoOfMillisecond()),
                            ntzPrecision);
                };
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                int ltzPrecision = ((LocalZonedTimestampType) fluss).getPrecision();
                return (from, pos, to, toPos, n) -> {
                    TimestampLtz ts = from.getTimestampLtz(pos, ltzPrecision);
                    to.writeTimestamp(
                            toPos,
                            TimestampData.fromEpochMillis(
                                    ts.getEpochMillisecond(), ts.getNanoOfMillisecond()),
                            ltzPrecision);
                };
            case ARRAY:
                Function<InternalArray, BinaryArrayData> bulk =
                        PrimitiveArrayWriting.forElement(((ArrayType) fluss).getElementType());
                if (bulk != null) {
                    return primitiveArrayWriter(bulk, flink);
                }
                return nestedWriter(flink);
            default:
                return nestedWriter(flink);
        }
    }

    /** A nested value through Fluss's converter, then Flink's serializer of its type. */
    private static FieldWriter nestedWriter(LogicalType flink) {
        @SuppressWarnings("unchecked")
        TypeSerializer<Object> serializer =
                (TypeSerializer<Object>) InternalSerializers.create(flink);
        return (from, pos, to, toPos, nested) ->
                BinaryWriter.write(to, toPos, nested.field(pos), flink, serializer);
    }

    /** An array of primitives in one bulk copy, unless an element is null. */
    private static FieldWriter primitiveArrayWriter(
            Function<InternalArray, BinaryArrayData> bulk, LogicalType flink) {
        ArrayDataSerializer serializer =
                new ArrayDataSerializer(
                        ((org.apache.flink.table.types.logical.ArrayType) flink).getElementType());
        FieldWriter withNulls = nestedWriter(flink);
        return (from, pos, to, toPos, nested) -> {
            InternalArray array = from.getArray(pos);
            if (PrimitiveArrayWriting.hasNullElement(array)) {
                withNulls.write(from, pos, to, toPos, nested);
            } else {
                to.writeArray(toPos, bulk.apply(array), serializer);
            }
        };
    }

    /**
     * A Flink string over the same bytes when Fluss holds them on the heap (the writer copies them
     * into the row), else over a copy.
     */
    private static StringData stringData(BinaryString string) {
        MemorySegment[] segments = string.getSegments();
        if (segments.length == 1 && !segments[0].isOffHeap()) {
            return BinaryStringData.fromBytes(
                    segments[0].getHeapMemory(), string.getOffset(), string.getSizeInBytes());
        }
        return BinaryStringData.fromBytes(string.toBytes());
    }

    private static DecimalData decimalData(Decimal decimal) {
        return decimal.isCompact()
                ? DecimalData.fromUnscaledLong(
                        decimal.toUnscaledLong(), decimal.precision(), decimal.scale())
                : DecimalData.fromBigDecimal(
                        decimal.toBigDecimal(), decimal.precision(), decimal.scale());
    }
}
