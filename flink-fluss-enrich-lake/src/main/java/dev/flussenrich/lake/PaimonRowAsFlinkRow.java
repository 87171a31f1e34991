/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RawValueData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.types.RowKind;

import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;

/**
 * A Paimon row of the lake table as a Flink row, read in place; the union read copies it once into
 * a binary row. Only the flat types {@link LakeTypes} maps are read.
 *
 * <p>Compiled against Flink 1.20, it has no {@code getVariant} (Flink 2.1 added it to {@code
 * RowData}): Flink calls it for VARIANT columns only, and no lake column is one (Fluss 0.9.1 has no
 * VARIANT type), so the same class serves every Flink version.
 */
@Internal
public final class PaimonRowAsFlinkRow implements RowData {

    private InternalRow row;

    public PaimonRowAsFlinkRow wrap(InternalRow row) {
        this.row = row;
        return this;
    }

    @Override
    public int getArity() {
        return row.getFieldCount();
    }

    @Override
    public RowKind getRowKind() {
        return RowKind.INSERT;
    }

    @Override
    public void setRowKind(RowKind kind) {
        throw new UnsupportedOperationException("A lake row is always an insert.");
    }

    @Override
    public boolean isNullAt(int pos) {
        return row.isNullAt(pos);
    }

    @Override
    public boolean getBoolean(int pos) {
        return row.getBoolean(pos);
    }

    @Override
    public byte getByte(int pos) {
        return row.getByte(pos);
    }

    @Override
    public short getShort(int pos) {
        return row.getShort(pos);
    }

    @Override
    public int getInt(int pos) {
        return row.getInt(pos);
    }

    @Override
    public long getLong(int pos) {
        return row.getLong(pos);
    }

    @Override
    public float getFloat(int pos) {
        return row.getFloat(pos);
    }

    @Override
    public double getDouble(int pos) {
        return row.getDouble(pos);
    }

    @Override
    public StringData getString(int pos) {
        return StringData.fromBytes(row.getString(pos).toBytes());
    }

    @Override
    public DecimalData getDecimal(int pos, int precision, int scale) {
        Decimal decimal = row.getDecimal(pos, precision, scale);
        return decimal.isCompact()
                ? DecimalData.fromUnscaledLong(decimal.toUnscaledLong(), precision, scale)
                : DecimalData.fromUnscaledBytes(decimal.toUnscaledBytes(), precision, scale);
    }

    @Override
    public TimestampData getTimestamp(int pos, int precision) {
        Timestamp timestamp = row.getTimestamp(pos, precision);
        return TimestampData.fromEpochMillis(
                timestamp.getMillisecond(), timestamp.getNanoOfMillisecond());
    }

    @Override
    public <T> RawValueData<T> getRawValue(int pos) {
        throw notTiered("RAW");
    }

    @Override
    public byte[] getBinary(int pos) {
        return row.getBinary(pos);
    }

    @Override
    public ArrayData getArray(int pos) {
        throw notTiered("ARRAY");
    }

    @Override
    public MapData getMap(int pos) {
        throw notTiered("MAP");
    }

    @Override
    public RowData getRow(int pos, int numFields) {
        throw notTiered("ROW");
    }

    private static UnsupportedOperationException notTiered(String type) {
        return new UnsupportedOperationException(type + " columns are not tiered (LakeTypes).");
    }
}
