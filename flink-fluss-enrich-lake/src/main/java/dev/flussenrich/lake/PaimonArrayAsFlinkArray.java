/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RawValueData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;

import org.apache.paimon.data.InternalArray;

/** A Paimon array of the lake as a Flink array, read in place (see {@link PaimonRowAsFlinkRow}). */
final class PaimonArrayAsFlinkArray implements ArrayData {

    private final InternalArray array;

    PaimonArrayAsFlinkArray(InternalArray array) {
        this.array = array;
    }

    @Override
    public int size() {
        return array.size();
    }

    @Override
    public boolean isNullAt(int pos) {
        return array.isNullAt(pos);
    }

    @Override
    public boolean getBoolean(int pos) {
        return array.getBoolean(pos);
    }

    @Override
    public byte getByte(int pos) {
        return array.getByte(pos);
    }

    @Override
    public short getShort(int pos) {
        return array.getShort(pos);
    }

    @Override
    public int getInt(int pos) {
        return array.getInt(pos);
    }

    @Override
    public long getLong(int pos) {
        return array.getLong(pos);
    }

    @Override
    public float getFloat(int pos) {
        return array.getFloat(pos);
    }

    @Override
    public double getDouble(int pos) {
        return array.getDouble(pos);
    }

    @Override
    public StringData getString(int pos) {
        return PaimonToFlink.string(array.getString(pos));
    }

    @Override
    public DecimalData getDecimal(int pos, int precision, int scale) {
        return PaimonToFlink.decimal(array.getDecimal(pos, precision, scale), precision, scale);
    }

    @Override
    public TimestampData getTimestamp(int pos, int precision) {
        return PaimonToFlink.timestamp(array.getTimestamp(pos, precision));
    }

    @Override
    public <T> RawValueData<T> getRawValue(int pos) {
        throw PaimonToFlink.noRawValue();
    }

    @Override
    public byte[] getBinary(int pos) {
        return array.getBinary(pos);
    }

    @Override
    public ArrayData getArray(int pos) {
        return new PaimonArrayAsFlinkArray(array.getArray(pos));
    }

    @Override
    public MapData getMap(int pos) {
        return PaimonToFlink.map(array.getMap(pos));
    }

    @Override
    public RowData getRow(int pos, int numFields) {
        return new PaimonRowAsFlinkRow().wrap(array.getRow(pos, numFields));
    }

    @Override
    public boolean[] toBooleanArray() {
        return array.toBooleanArray();
    }

    @Override
    public byte[] toByteArray() {
        return array.toByteArray();
    }

    @Override
    public short[] toShortArray() {
        return array.toShortArray();
    }

    @Override
    public int[] toIntArray() {
        return array.toIntArray();
    }

    @Override
    public long[] toLongArray() {
        return array.toLongArray();
    }

    @Override
    public float[] toFloatArray() {
        return array.toFloatArray();
    }

    @Override
    public double[] toDoubleArray() {
        return array.toDoubleArray();
    }
}
