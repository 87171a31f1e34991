/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import org.apache.fluss.row.InternalArray;
import org.apache.fluss.types.DataType;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.binary.BinaryArrayData;

import javax.annotation.Nullable;

import java.util.function.Function;

/**
 * Turns a Fluss array of a primitive element type (an embedding's {@code ARRAY<FLOAT>}) into a
 * Flink binary array in one bulk copy. Fluss's converter boxes every element into a generic array,
 * which Flink then writes into the row element by element again: for a 768-dim vector, 1,536 boxed
 * steps per row where this takes one {@code float[]} and a memory copy.
 */
@Internal
final class PrimitiveArrayWriting {

    private PrimitiveArrayWriting() {}

    /**
     * The bulk conversion for arrays of {@code elementType}, or null for an element type that is
     * not a Java primitive (those keep Fluss's converter).
     */
    static @Nullable Function<InternalArray, BinaryArrayData> forElement(DataType elementType) {
        switch (elementType.getTypeRoot()) {
            case BOOLEAN:
                return array -> BinaryArrayData.fromPrimitiveArray(array.toBooleanArray());
            case TINYINT:
                return array -> BinaryArrayData.fromPrimitiveArray(array.toByteArray());
            case SMALLINT:
                return array -> BinaryArrayData.fromPrimitiveArray(array.toShortArray());
            case INTEGER:
                return array -> BinaryArrayData.fromPrimitiveArray(array.toIntArray());
            case BIGINT:
                return array -> BinaryArrayData.fromPrimitiveArray(array.toLongArray());
            case FLOAT:
                return array -> BinaryArrayData.fromPrimitiveArray(array.toFloatArray());
            case DOUBLE:
                return array -> BinaryArrayData.fromPrimitiveArray(array.toDoubleArray());
            default:
                return null;
        }
    }

    /**
     * Whether an element is null: the bulk copy would read it as 0, so such arrays convert slowly.
     */
    static boolean hasNullElement(InternalArray array) {
        for (int i = 0, n = array.size(); i < n; i++) {
            if (array.isNullAt(i)) {
                return true;
            }
        }
        return false;
    }
}
