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
 * A row's fields at the given positions, with its row kind: a view, which the serializer of the
 * network to the writers copies at once.
 */
@Internal
public final class RowProjection implements MapFunction<RowData, RowData> {

    private static final long serialVersionUID = 1L;

    private final int[] positions;

    public RowProjection(int[] positions) {
        this.positions = positions.clone();
    }

    @Override
    public RowData map(RowData row) {
        return ProjectedRowData.from(positions).replaceRow(row);
    }
}
