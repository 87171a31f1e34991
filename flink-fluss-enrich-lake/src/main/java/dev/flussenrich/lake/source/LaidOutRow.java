/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RawValueData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.types.RowKind;

/**
 * A projected lake row laid out as a scan emits it ({@link LakeSnapshotSource.RowLayout}): fields
 * picked by position, and Fluss's partition name ({@code _partition}) made of the partition key
 * values. The lake has no partition name column: Paimon keeps the key values instead.
 */
final class LaidOutRow implements RowData {

    private static final String SEPARATOR = "$";

    private RowData row;
    private final int[] positions;
    private final int partitionPosition;
    private final int[] keyPositions;

    LaidOutRow(LakeSnapshotSource.RowLayout layout) {
        this.positions = layout.positions().clone();
        this.partitionPosition = layout.partitionPosition();
        this.keyPositions = layout.keyPositions().clone();
    }

    /** This view of {@code projected}. */
    LaidOutRow wrap(RowData projected) {
        this.row = projected;
        return this;
    }

    @Override
    public int getArity() {
        return positions.length;
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
        return pos != partitionPosition && row.isNullAt(positions[pos]);
    }

    @Override
    public StringData getString(int pos) {
        if (pos != partitionPosition) {
            return row.getString(positions[pos]);
        }
        StringBuilder name = new StringBuilder();
        for (int key : keyPositions) {
            if (name.length() > 0) {
                name.append(SEPARATOR);
            }
            name.append(row.getString(key));
        }
        return StringData.fromString(name.toString());
    }

    @Override
    public boolean getBoolean(int pos) {
        return row.getBoolean(positions[pos]);
    }

    @Override
    public byte getByte(int pos) {
        return row.getByte(positions[pos]);
    }

    @Override
    public short getShort(int pos) {
        return row.getShort(positions[pos]);
    }

    @Override
    public int getInt(int pos) {
        return row.getInt(positions[pos]);
    }

    @Override
    public long getLong(int pos) {
        return row.getLong(positions[pos]);
    }

    @Override
    public float getFloat(int pos) {
        return row.getFloat(positions[pos]);
    }

    @Override
    public double getDouble(int pos) {
        return row.getDouble(positions[pos]);
    }

    @Override
    public DecimalData getDecimal(int pos, int precision, int scale) {
        return row.getDecimal(positions[pos], precision, scale);
    }

    @Override
    public TimestampData getTimestamp(int pos, int precision) {
        return row.getTimestamp(positions[pos], precision);
    }

    @Override
    public <T> RawValueData<T> getRawValue(int pos) {
        return row.getRawValue(positions[pos]);
    }

    @Override
    public byte[] getBinary(int pos) {
        return row.getBinary(positions[pos]);
    }

    @Override
    public ArrayData getArray(int pos) {
        return row.getArray(positions[pos]);
    }

    @Override
    public MapData getMap(int pos) {
        return row.getMap(positions[pos]);
    }

    @Override
    public RowData getRow(int pos, int numFields) {
        return row.getRow(positions[pos], numFields);
    }
}
