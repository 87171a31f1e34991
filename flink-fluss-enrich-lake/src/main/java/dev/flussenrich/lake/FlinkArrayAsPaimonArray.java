/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.table.data.ArrayData;

import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.variant.Variant;

/**
 * A Flink array as a Paimon array, read in place: an embedding's floats go from the row Fluss
 * delivered to Paimon's file writer without a copy in between ({@link #toFloatArray}).
 */
final class FlinkArrayAsPaimonArray implements InternalArray {

    private final ArrayData array;

    FlinkArrayAsPaimonArray(ArrayData array) {
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
    public BinaryString getString(int pos) {
        return FlinkToPaimon.string(array.getString(pos));
    }

    @Override
    public Decimal getDecimal(int pos, int precision, int scale) {
        return FlinkToPaimon.decimal(array.getDecimal(pos, precision, scale), precision, scale);
    }

    @Override
    public Timestamp getTimestamp(int pos, int precision) {
        return FlinkToPaimon.timestamp(array.getTimestamp(pos, precision));
    }

    @Override
    public byte[] getBinary(int pos) {
        return array.getBinary(pos);
    }

    @Override
    public Variant getVariant(int pos) {
        throw FlinkToPaimon.noVariant();
    }

    @Override
    public InternalArray getArray(int pos) {
        return new FlinkArrayAsPaimonArray(array.getArray(pos));
    }

    @Override
    public InternalMap getMap(int pos) {
        return FlinkToPaimon.map(array.getMap(pos));
    }

    @Override
    public InternalRow getRow(int pos, int numFields) {
        return new FlinkRowAsPaimonRow(numFields).wrap(array.getRow(pos, numFields));
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
