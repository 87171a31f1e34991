/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.sql;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.lake.LakeTableSpec;
import dev.flussenrich.lake.source.TieredSnapshot;
import dev.flussenrich.table.LakeDeclaration;
import dev.flussenrich.table.PartitionEqualities;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

import java.util.List;
import java.util.Map;

/**
 * {@code SELECT ... FROM t$lake}: the newest tiered snapshot of {@code t}'s lake, read with the
 * lake format's own planner and reader (Paimon's or Iceberg's). Only the selected columns are read
 * from the files, and only the partitions a {@code key = 'value'} filter names.
 */
@Internal
final class LakePartTableSource
        implements ScanTableSource, SupportsProjectionPushDown, SupportsFilterPushDown {

    private final TieredSnapshot lake;
    private final List<String> partitionKeys;
    private DataType producedRow;
    private Map<String, String> partitionSpec = Map.of();

    private LakePartTableSource(
            TieredSnapshot lake, List<String> partitionKeys, DataType producedRow) {
        this.lake = lake;
        this.partitionKeys = partitionKeys;
        this.producedRow = producedRow;
    }

    /** Loads the lake table and picks its newest tiered snapshot, when the query is planned. */
    static LakePartTableSource of(EnrichedTable table, LakeDeclaration lake, DataType physicalRow) {
        TieredSnapshot tiered = TieredSnapshot.require(lake, table.tablePath());
        List<String> fields = tiered.fields();
        List<String> columns = DataType.getFieldNames(physicalRow);
        for (String column : columns) {
            if (!fields.contains(column)) {
                throw new ValidationException(
                        String.format(
                                "Column '%s' of '%s$lake' is not in lake table '%s' (it has"
                                        + " %s): tier the table again with CALL"
                                        + " <catalog>.sys.tier_to_lake after its lake groups"
                                        + " changed, or leave the column out.",
                                column, table.tablePath().getTableName(), tiered.name(), fields));
            }
        }
        // t$lake leaves out columns not filled yet; a table changed since planning began is not
        // read partial either.
        List<String> partial =
                columns.stream()
                        .filter(c -> !LakeTableSpec.isSystemColumn(c))
                        .filter(c -> !tiered.completeColumns().contains(c))
                        .toList();
        if (!partial.isEmpty()) {
            throw new ValidationException(
                    LakeTableSpec.notFilledYetMessage(tiered.name(), partial));
        }
        return new LakePartTableSource(tiered, table.base().getPartitionKeys(), physicalRow);
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        RowType type = (RowType) producedRow.getLogicalType();
        return SourceProvider.of(
                lake.read(
                        type.getFieldNames(),
                        type.getChildren(),
                        InternalTypeInfo.of(type),
                        null,
                        partitionSpec));
    }

    @Override
    public boolean supportsNestedProjection() {
        return false;
    }

    @Override
    public void applyProjection(int[][] projectedFields, DataType producedDataType) {
        this.producedRow = producedDataType;
    }

    /**
     * Takes {@code key = 'value'} on a partition key: the lake's planner then plans that
     * partition's files only. Every other filter is left to Flink.
     */
    @Override
    public Result applyFilters(List<ResolvedExpression> filters) {
        PartitionEqualities pushed = PartitionEqualities.of(filters, partitionKeys);
        this.partitionSpec = pushed.keyValues();
        return pushed.result();
    }

    @Override
    public DynamicTableSource copy() {
        LakePartTableSource copy = new LakePartTableSource(lake, partitionKeys, producedRow);
        copy.partitionSpec = partitionSpec;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "fluss-enrich lake part";
    }
}
