/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import dev.flussenrich.lake.iceberg.IcebergLakeTable;
import dev.flussenrich.lake.iceberg.IcebergToFlink;

import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.InstantiationUtil;

import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

import java.util.Iterator;
import java.util.List;

/**
 * The rows of one Iceberg data file's scan task, read by Iceberg's generic Parquet reader and
 * converted to Flink rows in the projection's order.
 */
final class IcebergSplitRows implements LakeSnapshotReader.SplitRows {

    private final IcebergLakeTable lake;
    private final List<String> columns;
    private final IcebergToFlink rows;
    private Table table;
    private Schema projected;
    private int[] positions;

    IcebergSplitRows(IcebergLakeTable lake, List<String> columns, List<LogicalType> types) {
        this.lake = lake;
        this.columns = columns;
        this.rows = new IcebergToFlink(types);
    }

    @Override
    public CloseableIterator<RowData> open(LakeSplit split) throws Exception {
        if (table == null) {
            table = lake.load();
            // Iceberg projects in the table's column order; the rows take the projection's.
            projected = table.schema().select(columns);
            List<String> read = projected.columns().stream().map(Types.NestedField::name).toList();
            positions = columns.stream().mapToInt(read::indexOf).toArray();
        }
        FileScanTask task =
                InstantiationUtil.deserializeObject(
                        split.plannedSplit(), getClass().getClassLoader());
        CloseableIterable<Record> records =
                org.apache.iceberg.parquet.Parquet.read(
                                table.io().newInputFile(task.file().location()))
                        .project(projected)
                        .createReaderFunc(
                                fileSchema ->
                                        GenericParquetReaders.buildReader(projected, fileSchema))
                        .split(task.start(), task.length())
                        .build();
        org.apache.iceberg.io.CloseableIterator<Record> iterator = records.iterator();
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
        return CloseableIterator.adapterForIterator(
                converted,
                () -> {
                    iterator.close();
                    records.close();
                });
    }
}
