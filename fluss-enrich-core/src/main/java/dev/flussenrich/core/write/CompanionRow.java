/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.Decimal;
import org.apache.fluss.row.InternalArray;
import org.apache.fluss.row.InternalMap;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.row.TimestampLtz;
import org.apache.fluss.row.TimestampNtz;

import javax.annotation.Nullable;

import java.util.Arrays;

/**
 * A companion row as a view: the route and source offset of one base row, the partition values of
 * its bucket, and the group's values read from the caller's row where they are. One per writer,
 * pointed at each row in turn: Fluss's writer copies a row into its batch when it is appended (its
 * own sink reuses one row wrapper the same way), so nothing is built or copied per row here.
 */
@Internal
final class CompanionRow implements InternalRow {

    private static final int NONE = -1;

    private final int routePosition;
    private final int offsetPosition;

    /** Per companion column: its index among the group's values, or {@link #NONE}. */
    private final int[] valueIndexes;

    /** Per companion column: its index among the partition values, or {@link #NONE}. */
    private final int[] partitionIndexes;

    private int route;
    private long sourceOffset;
    private BinaryString[] partitionValues;
    @Nullable private InternalRow values;

    /**
     * @param valuePositions the companion position of each group value, in group order
     * @param partitionPositions the companion position of each partition column, in key order
     */
    CompanionRow(
            int arity,
            int routePosition,
            int offsetPosition,
            int[] valuePositions,
            int[] partitionPositions) {
        this.routePosition = routePosition;
        this.offsetPosition = offsetPosition;
        this.valueIndexes = indexesAt(arity, valuePositions);
        this.partitionIndexes = indexesAt(arity, partitionPositions);
    }

    private static int[] indexesAt(int arity, int[] positions) {
        int[] indexes = new int[arity];
        Arrays.fill(indexes, NONE);
        for (int i = 0; i < positions.length; i++) {
            indexes[positions[i]] = i;
        }
        return indexes;
    }

    /**
     * Points this row at one base row's enrichment.
     *
     * @param values the group's values, in group order; null for a row of NULL enrichment
     */
    CompanionRow of(
            int route,
            long sourceOffset,
            BinaryString[] partitionValues,
            @Nullable InternalRow values) {
        this.route = route;
        this.sourceOffset = sourceOffset;
        this.partitionValues = partitionValues;
        this.values = values;
        return this;
    }

    @Override
    public int getFieldCount() {
        return valueIndexes.length;
    }

    @Override
    public boolean isNullAt(int pos) {
        if (pos == routePosition || pos == offsetPosition) {
            return false;
        }
        int value = valueIndexes[pos];
        if (value != NONE) {
            return values == null || values.isNullAt(value);
        }
        return partitionValues[partitionIndexes[pos]] == null;
    }

    @Override
    public int getInt(int pos) {
        return pos == routePosition ? route : values.getInt(valueIndexes[pos]);
    }

    @Override
    public long getLong(int pos) {
        return pos == offsetPosition ? sourceOffset : values.getLong(valueIndexes[pos]);
    }

    @Override
    public BinaryString getString(int pos) {
        int partition = partitionIndexes[pos];
        return partition != NONE ? partitionValues[partition] : values.getString(valueIndexes[pos]);
    }

    // The other types only occur among the group's values.

    @Override
    public boolean getBoolean(int pos) {
        return values.getBoolean(valueIndexes[pos]);
    }

    @Override
    public byte getByte(int pos) {
        return values.getByte(valueIndexes[pos]);
    }

    @Override
    public short getShort(int pos) {
        return values.getShort(valueIndexes[pos]);
    }

    @Override
    public float getFloat(int pos) {
        return values.getFloat(valueIndexes[pos]);
    }

    @Override
    public double getDouble(int pos) {
        return values.getDouble(valueIndexes[pos]);
    }

    @Override
    public BinaryString getChar(int pos, int length) {
        return values.getChar(valueIndexes[pos], length);
    }

    @Override
    public Decimal getDecimal(int pos, int precision, int scale) {
        return values.getDecimal(valueIndexes[pos], precision, scale);
    }

    @Override
    public TimestampNtz getTimestampNtz(int pos, int precision) {
        return values.getTimestampNtz(valueIndexes[pos], precision);
    }

    @Override
    public TimestampLtz getTimestampLtz(int pos, int precision) {
        return values.getTimestampLtz(valueIndexes[pos], precision);
    }

    @Override
    public byte[] getBinary(int pos, int length) {
        return values.getBinary(valueIndexes[pos], length);
    }

    @Override
    public byte[] getBytes(int pos) {
        return values.getBytes(valueIndexes[pos]);
    }

    @Override
    public InternalArray getArray(int pos) {
        return values.getArray(valueIndexes[pos]);
    }

    @Override
    public InternalMap getMap(int pos) {
        return values.getMap(valueIndexes[pos]);
    }

    @Override
    public InternalRow getRow(int pos, int numFields) {
        return values.getRow(valueIndexes[pos], numFields);
    }
}
