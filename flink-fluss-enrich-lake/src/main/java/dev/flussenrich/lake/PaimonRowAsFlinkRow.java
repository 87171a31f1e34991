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

import org.apache.paimon.data.InternalRow;

/**
 * A Paimon row of the lake table as a Flink row, read in place; the union read copies it once into
 * a binary row. Nested values are read in place too ({@link PaimonArrayAsFlinkArray}).
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
        return PaimonToFlink.string(row.getString(pos));
    }

    @Override
    public DecimalData getDecimal(int pos, int precision, int scale) {
        return PaimonToFlink.decimal(row.getDecimal(pos, precision, scale), precision, scale);
    }

    @Override
    public TimestampData getTimestamp(int pos, int precision) {
        return PaimonToFlink.timestamp(row.getTimestamp(pos, precision));
    }

    @Override
    public <T> RawValueData<T> getRawValue(int pos) {
        throw PaimonToFlink.noRawValue();
    }

    @Override
    public byte[] getBinary(int pos) {
        return row.getBinary(pos);
    }

    @Override
    public ArrayData getArray(int pos) {
        return new PaimonArrayAsFlinkArray(row.getArray(pos));
    }

    @Override
    public MapData getMap(int pos) {
        return PaimonToFlink.map(row.getMap(pos));
    }

    @Override
    public RowData getRow(int pos, int numFields) {
        return new PaimonRowAsFlinkRow().wrap(row.getRow(pos, numFields));
    }
}
