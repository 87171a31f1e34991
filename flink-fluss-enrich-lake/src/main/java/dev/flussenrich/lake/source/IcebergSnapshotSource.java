/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import dev.flussenrich.lake.iceberg.IcebergLakeTable;
import dev.flussenrich.lake.iceberg.IcebergToFlink;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.util.InstantiationUtil;

import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A bounded read of one Iceberg snapshot of the lake table, projected to the columns a union read
 * asked for (the system columns included): Iceberg's own planner and generic Parquet reader, one
 * split per file scan task. Splits, enumerator and reader are the Paimon lake part's.
 */
@Internal
public final class IcebergSnapshotSource
        implements Source<RowData, LakeSplit, List<LakeSplit>>, ResultTypeQueryable<RowData> {

    private static final long serialVersionUID = 1L;

    private final IcebergLakeTable lake;
    private final long snapshotId;
    private final List<String> columns;
    private final List<LogicalType> columnTypes;
    private final InternalTypeInfo<RowData> producedType;
    @Nullable private final LakeSnapshotSource.RowLayout layout;
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
        this.lake = lake;
        this.snapshotId = snapshotId;
        this.columns = new ArrayList<>(columns);
        this.columnTypes = new ArrayList<>(columnTypes);
        this.producedType = producedType;
        this.layout = layout;
        this.partitionSpec = new HashMap<>(partitionSpec);
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<LakeSplit, List<LakeSplit>> createEnumerator(
            SplitEnumeratorContext<LakeSplit> context) {
        return new LakeSnapshotEnumerator(context, this::planSplits, null);
    }

    @Override
    public SplitEnumerator<LakeSplit, List<LakeSplit>> restoreEnumerator(
            SplitEnumeratorContext<LakeSplit> context, List<LakeSplit> checkpoint) {
        return new LakeSnapshotEnumerator(context, this::planSplits, checkpoint);
    }

    private List<LakeSplit> planSplits() {
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

    @Override
    public SourceReader<RowData, LakeSplit> createReader(SourceReaderContext context) {
        return new LakeSnapshotReader(
                context, this::open, new RowDataSerializer(producedType.toRowType()), layout);
    }

    /** The rows of one data file's task, as Iceberg's generic Parquet reader reads them. */
    private org.apache.flink.util.CloseableIterator<RowData> open(LakeSplit split)
            throws Exception {
        FileScanTask task =
                InstantiationUtil.deserializeObject(
                        split.plannedSplit(), getClass().getClassLoader());
        Table table = lake.load();
        Schema projected = table.schema().select(columns);
        List<String> read = projected.columns().stream().map(Types.NestedField::name).toList();
        int[] positions = columns.stream().mapToInt(read::indexOf).toArray();
        IcebergToFlink rows = new IcebergToFlink(columnTypes);
        CloseableIterable<Record> records =
                Parquet.read(table.io().newInputFile(task.file().location()))
                        .project(projected)
                        .createReaderFunc(
                                fileSchema ->
                                        GenericParquetReaders.buildReader(projected, fileSchema))
                        .split(task.start(), task.length())
                        .build();
        CloseableIterator<Record> iterator = records.iterator();
        Iterator<RowData> converted =
                new Iterator<>() {
                    @Override
                    public boolean hasNext() {
                        return iterator.hasNext();
                    }

                    @Override
                    public RowData next() {
                        return rows.toRow(iterator.next(), positions);
                    }
                };
        return org.apache.flink.util.CloseableIterator.adapterForIterator(
                converted,
                () -> {
                    iterator.close();
                    records.close();
                });
    }

    @Override
    public SimpleVersionedSerializer<LakeSplit> getSplitSerializer() {
        return LakeSplit.Serializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<List<LakeSplit>> getEnumeratorCheckpointSerializer() {
        return new LakeSplitsSerializer();
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return producedType;
    }
}
