/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;

/**
 * A row's fields at the given positions, with its row kind: one view per subtask, pointed at each
 * row in turn. It only ever feeds an exchange, whose serializer copies the row at once, so no
 * operator holds a view across rows.
 */
@Internal
public final class RowProjection implements MapFunction<RowData, RowData> {

    private static final long serialVersionUID = 1L;

    private final int[] positions;
    private transient ProjectedRowData view;

    public RowProjection(int[] positions) {
        this.positions = positions.clone();
    }

    @Override
    public RowData map(RowData row) {
        if (view == null) {
            view = ProjectedRowData.from(positions);
        }
        return view.replaceRow(row);
    }
}
