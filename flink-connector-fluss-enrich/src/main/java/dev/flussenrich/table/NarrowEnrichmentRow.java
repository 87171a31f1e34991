/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.sink.EnrichmentRowLayout;
import dev.flussenrich.sink.InputNarrowing;
import dev.flussenrich.sink.RowProjection;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import java.util.ArrayList;
import java.util.List;

/**
 * The row an SQL enrichment sink's writers read: the partition name (if partitioned), the bucket,
 * the offset, then each written group's columns in group order. The planner hands the sink the
 * table's whole row (its columns, then the written metadata); the rows that cross the network to
 * the writers are narrowed to this one.
 */
@Internal
final class NarrowEnrichmentRow {

    private final List<Integer> consumedPositions = new ArrayList<>();
    private final List<LogicalType> types = new ArrayList<>();
    private final List<EnrichmentRowLayout> layouts = new ArrayList<>();

    /**
     * @param physicalType the table's columns, first in the planner's row
     * @param columnsOfGroups each written group's columns, in group order
     * @param partitionPosition the partition name's position in the planner's row, or -1
     * @param bucketPosition the bucket's position in the planner's row
     * @param offsetPosition the offset's position in the planner's row
     */
    NarrowEnrichmentRow(
            DataType physicalType,
            List<List<String>> columnsOfGroups,
            int partitionPosition,
            int bucketPosition,
            int offsetPosition) {
        if (partitionPosition >= 0) {
            take(partitionPosition, IdentityMetadata.PARTITION.type());
        }
        take(bucketPosition, IdentityMetadata.BUCKET.type());
        take(offsetPosition, IdentityMetadata.OFFSET.type());
        int offset = consumedPositions.size() - 1;
        List<String> names = DataType.getFieldNames(physicalType);
        List<DataType> columnTypes = DataType.getFieldDataTypes(physicalType);
        for (List<String> groupColumns : columnsOfGroups) {
            int[] valuePositions = new int[groupColumns.size()];
            for (int i = 0; i < groupColumns.size(); i++) {
                int position = names.indexOf(groupColumns.get(i));
                valuePositions[i] = consumedPositions.size();
                take(position, columnTypes.get(position));
            }
            layouts.add(
                    new EnrichmentRowLayout(
                            partitionPosition >= 0 ? 0 : -1, offset - 1, offset, valuePositions));
        }
    }

    private void take(int position, DataType type) {
        consumedPositions.add(position);
        types.add(type.getLogicalType());
    }

    /** Where the identity and each group's values sit in the narrow row, in group order. */
    List<EnrichmentRowLayout> layouts() {
        return layouts;
    }

    /** Makes the narrow row of the planner's row, and its type. */
    InputNarrowing<RowData> narrowing() {
        return new InputNarrowing<>(
                new RowProjection(consumedPositions.stream().mapToInt(Integer::intValue).toArray()),
                InternalTypeInfo.of(RowType.of(types.toArray(new LogicalType[0]))));
    }
}
