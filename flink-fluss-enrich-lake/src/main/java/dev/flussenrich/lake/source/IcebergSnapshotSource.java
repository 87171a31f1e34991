/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import dev.flussenrich.lake.iceberg.IcebergLakeTable;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.util.InstantiationUtil;

import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A bounded read of one Iceberg snapshot of the lake table, projected to the columns a union read
 * asked for (the system columns included): Iceberg's own planner and generic Parquet reader, one
 * split per file scan task. Splits, enumerator and reader are the Paimon lake part's.
 */
@Internal
public final class IcebergSnapshotSource extends BoundedLakeSource {

    private static final long serialVersionUID = 1L;

    private final IcebergLakeTable lake;
    private final long snapshotId;
    private final List<String> columns;
    private final List<LogicalType> columnTypes;
    private final HashMap<String, String> partitionSpec;

    /**
     * @param snapshotId the Iceberg snapshot to read, or -1 for none (the lake is empty)
     * @param columns the lake table's columns to read, in projected order
     * @param columnTypes their Flink types
     * @param layout how emitted rows are made of the projected ones, or null: field by field
     * @param partitionSpec partition key values every read row has (a pushed-down partition
     *     filter): Iceberg plans those partitions' files only
     */
    public IcebergSnapshotSource(
            IcebergLakeTable lake,
            long snapshotId,
            List<String> columns,
            List<LogicalType> columnTypes,
            InternalTypeInfo<RowData> producedType,
            @Nullable LakeSnapshotSource.RowLayout layout,
            Map<String, String> partitionSpec) {
        super(producedType, layout);
        this.lake = lake;
        this.snapshotId = snapshotId;
        this.columns = new ArrayList<>(columns);
        this.columnTypes = new ArrayList<>(columnTypes);
        this.partitionSpec = new HashMap<>(partitionSpec);
    }

    @Override
    LakeSnapshotReader.SplitRows splitRows() {
        return new IcebergSplitRows(lake, columns, columnTypes);
    }

    @Override
    List<LakeSplit> planSplits() {
        List<LakeSplit> splits = new ArrayList<>();
        if (snapshotId < 0) {
            return splits;
        }
        Table table = lake.load();
        TableScan scan = table.newScan().useSnapshot(snapshotId).select(columns);
        for (Map.Entry<String, String> key : partitionSpec.entrySet()) {
            scan = scan.filter(Expressions.equal(key.getKey(), key.getValue()));
        }
        try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
            for (FileScanTask task : tasks) {
                splits.add(
                        new LakeSplit(
                                "lake-" + snapshotId + "-" + splits.size(),
                                InstantiationUtil.serializeObject(task),
                                0));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return splits;
    }
}
