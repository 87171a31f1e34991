/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.sql;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.lake.LakeOffsets;
import dev.flussenrich.lake.LakeTableSpec;
import dev.flussenrich.lake.source.LakeSnapshotSource;
import dev.flussenrich.table.LakeDeclaration;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FileStoreTable;

import java.util.List;

/**
 * {@code SELECT ... FROM t$lake}: the newest tiered snapshot of {@code t}'s lake, read with
 * Paimon's own planner and reader. Only the selected columns are read from the files.
 */
@Internal
final class LakePartTableSource implements ScanTableSource, SupportsProjectionPushDown {

    private final LakeTableSpec lake;
    private final List<String> lakeFields;
    private final long snapshotId;
    private DataType producedRow;

    private LakePartTableSource(
            LakeTableSpec lake, List<String> lakeFields, long snapshotId, DataType producedRow) {
        this.lake = lake;
        this.lakeFields = lakeFields;
        this.snapshotId = snapshotId;
        this.producedRow = producedRow;
    }

    /** Loads the lake table and picks its newest tiered snapshot, when the query is planned. */
    static LakePartTableSource of(EnrichedTable table, LakeDeclaration lake, DataType physicalRow) {
        Identifier id =
                Identifier.create(
                        lake.lakeTable().getDatabaseName(), lake.lakeTable().getTableName());
        FileStoreTable data =
                LakeTableSpec.loadExisting(lake.catalogOptions(), id, table.tablePath());
        List<String> fields = data.rowType().getFieldNames();
        for (String column : DataType.getFieldNames(physicalRow)) {
            if (!fields.contains(column)) {
                throw new ValidationException(
                        String.format(
                                "Column '%s' of '%s$lake' is not in Paimon table '%s' (it has"
                                        + " %s): tier the table again with CALL"
                                        + " <catalog>.sys.tier_to_lake after its lake groups"
                                        + " changed, or leave the column out.",
                                column,
                                table.tablePath().getTableName(),
                                id.getFullName(),
                                fields));
            }
        }
        Snapshot snapshot = LakeOffsets.latestTiered(data);
        return new LakePartTableSource(
                LakeTableSpec.of(lake.catalogOptions(), id, data),
                fields,
                snapshot == null ? -1 : snapshot.id(),
                physicalRow);
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        List<String> columns = DataType.getFieldNames(producedRow);
        int[] projection = columns.stream().mapToInt(lakeFields::indexOf).toArray();
        InternalTypeInfo<RowData> type =
                InternalTypeInfo.of((RowType) producedRow.getLogicalType());
        return SourceProvider.of(new LakeSnapshotSource(lake, snapshotId, projection, type));
    }

    @Override
    public boolean supportsNestedProjection() {
        return false;
    }

    @Override
    public void applyProjection(int[][] projectedFields, DataType producedDataType) {
        this.producedRow = producedDataType;
    }

    @Override
    public DynamicTableSource copy() {
        return new LakePartTableSource(lake, lakeFields, snapshotId, producedRow);
    }

    @Override
    public String asSummaryString() {
        return "fluss-enrich lake part";
    }
}
