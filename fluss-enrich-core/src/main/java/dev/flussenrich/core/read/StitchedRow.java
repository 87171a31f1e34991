/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.Decimal;
import org.apache.fluss.row.InternalArray;
import org.apache.fluss.row.InternalMap;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.row.TimestampLtz;
import org.apache.fluss.row.TimestampNtz;

/**
 * A stitched row as a view: each field is read from the base row or a companion row where it lives,
 * without copying values (the profile showed the copies, not the merge, as the cost).
 */
@Internal
final class StitchedRow implements InternalRow {

    private final ProjectionPlan plan;
    private final InternalRow base;
    private final InternalRow[] companions;

    StitchedRow(ProjectionPlan plan, InternalRow base, InternalRow[] companions) {
        this.plan = plan;
        this.base = base;
        this.companions = companions;
    }

    private InternalRow source(int pos) {
        int part = plan.sourcePart(pos);
        return part == 0 ? base : companions[part - 1];
    }

    private int at(int pos) {
        return plan.sourcePosition(pos);
    }

    /** The field as a Java object (as a {@code GenericRow} would hold it), or null. */
    public Object getField(int pos) {
        return plan.getter(pos).getFieldOrNull(source(pos));
    }

    @Override
    public int getFieldCount() {
        return plan.width();
    }

    @Override
    public boolean isNullAt(int pos) {
        return source(pos).isNullAt(at(pos));
    }

    @Override
    public boolean getBoolean(int pos) {
        return source(pos).getBoolean(at(pos));
    }

    @Override
    public byte getByte(int pos) {
        return source(pos).getByte(at(pos));
    }

    @Override
    public short getShort(int pos) {
        return source(pos).getShort(at(pos));
    }

    @Override
    public int getInt(int pos) {
        return source(pos).getInt(at(pos));
    }

    @Override
    public long getLong(int pos) {
        return source(pos).getLong(at(pos));
    }

    @Override
    public float getFloat(int pos) {
        return source(pos).getFloat(at(pos));
    }

    @Override
    public double getDouble(int pos) {
        return source(pos).getDouble(at(pos));
    }

    @Override
    public BinaryString getChar(int pos, int length) {
        return source(pos).getChar(at(pos), length);
    }

    @Override
    public BinaryString getString(int pos) {
        return source(pos).getString(at(pos));
    }

    @Override
    public Decimal getDecimal(int pos, int precision, int scale) {
        return source(pos).getDecimal(at(pos), precision, scale);
    }

    @Override
    public TimestampNtz getTimestampNtz(int pos, int precision) {
        return source(pos).getTimestampNtz(at(pos), precision);
    }

    @Override
    public TimestampLtz getTimestampLtz(int pos, int precision) {
        return source(pos).getTimestampLtz(at(pos), precision);
    }

    @Override
    public byte[] getBinary(int pos, int length) {
        return source(pos).getBinary(at(pos), length);
    }

    @Override
    public byte[] getBytes(int pos) {
        return source(pos).getBytes(at(pos));
    }

    @Override
    public InternalArray getArray(int pos) {
        return source(pos).getArray(at(pos));
    }

    @Override
    public InternalMap getMap(int pos) {
        return source(pos).getMap(at(pos));
    }

    @Override
    public InternalRow getRow(int pos, int numFields) {
        return source(pos).getRow(at(pos), numFields);
    }
}
