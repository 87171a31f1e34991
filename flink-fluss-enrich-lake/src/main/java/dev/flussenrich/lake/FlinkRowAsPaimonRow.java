/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;

import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.variant.Variant;
import org.apache.paimon.types.RowKind;

/**
 * The first {@code arity} fields of a Flink row as a Paimon row, read in place: Paimon's writer
 * copies each value once into its file format, so no row is built in between. Nested values are
 * read in place too ({@link FlinkArrayAsPaimonArray}).
 */
@Internal
public final class FlinkRowAsPaimonRow implements InternalRow {

    private final int arity;
    private RowData row;

    public FlinkRowAsPaimonRow(int arity) {
        this.arity = arity;
    }

    public FlinkRowAsPaimonRow wrap(RowData row) {
        this.row = row;
        return this;
    }

    @Override
    public int getFieldCount() {
        return arity;
    }

    @Override
    public RowKind getRowKind() {
        return RowKind.INSERT;
    }

    @Override
    public void setRowKind(RowKind kind) {
        throw new UnsupportedOperationException("A tiered row is always an insert.");
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
    public BinaryString getString(int pos) {
        return FlinkToPaimon.string(row.getString(pos));
    }

    @Override
    public Decimal getDecimal(int pos, int precision, int scale) {
        return FlinkToPaimon.decimal(row.getDecimal(pos, precision, scale), precision, scale);
    }

    @Override
    public Timestamp getTimestamp(int pos, int precision) {
        return FlinkToPaimon.timestamp(row.getTimestamp(pos, precision));
    }

    @Override
    public byte[] getBinary(int pos) {
        return row.getBinary(pos);
    }

    @Override
    public Variant getVariant(int pos) {
        throw FlinkToPaimon.noVariant();
    }

    @Override
    public InternalArray getArray(int pos) {
        return new FlinkArrayAsPaimonArray(row.getArray(pos));
    }

    @Override
    public InternalMap getMap(int pos) {
        return FlinkToPaimon.map(row.getMap(pos));
    }

    @Override
    public InternalRow getRow(int pos, int numFields) {
        return new FlinkRowAsPaimonRow(numFields).wrap(row.getRow(pos, numFields));
    }
}
