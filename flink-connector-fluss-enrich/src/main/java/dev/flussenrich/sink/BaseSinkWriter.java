/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.PartitionCreator;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.getter.PartitionGetter;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.flink.utils.FlinkRowToFlussRowConverter;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.InternalRow;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;
import org.apache.flink.types.RowKind;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;

/** Appends the base columns of each row; a non-NULL group value fails the write. */
final class BaseSinkWriter implements SinkWriter<RowData> {

    private final TablePath table;
    private final BaseRowLayout layout;
    private final Connection connection;
    private final Table baseTable;
    private final AppendWriter appender;
    private final ProjectedRowData baseColumns;
    private final FlinkRowToFlussRowConverter converter;
    private final PartitionGetter partitionGetter; // null for a table without partitions
    private final PartitionCreator partitions;
    private final AtomicReference<Throwable> asyncFailure = new AtomicReference<>();

    BaseSinkWriter(FlussConnectionConfig connectionConfig, TablePath table, BaseRowLayout layout) {
        this.table = table;
        this.layout = layout;
        this.connection = connectionConfig.connect();
        this.baseTable = connection.getTable(table);
        this.appender = baseTable.newAppend().createWriter();
        this.baseColumns = ProjectedRowData.from(layout.basePositions());
        this.converter = FlinkRowToFlussRowConverter.create(layout.baseType());
        TableInfo info = baseTable.getTableInfo();
        this.partitionGetter =
                info.isPartitioned()
                        ? new PartitionGetter(info.getRowType(), info.getPartitionKeys())
                        : null;
        this.partitions = new PartitionCreator(connection.getAdmin(), info);
    }

    @Override
    public void write(RowData row, Context context) {
        rethrowAsyncFailure();
        if (row.getRowKind() != RowKind.INSERT) {
            throw new IllegalStateException(
                    String.format(
                            "Table '%s' is a log table: it takes insert-only rows, not %s.",
                            table, row.getRowKind()));
        }
        int[] mustBeNull = layout.mustBeNullPositions();
        for (int i = 0; i < mustBeNull.length; i++) {
            if (!row.isNullAt(mustBeNull[i])) {
                throw new IllegalStateException(
                        String.format(
                                "A base write to table '%s' has a non-NULL value for column '%s',"
                                        + " which a base write cannot store. Group columns are"
                                        + " written by an enrichment INSERT (option"
                                        + " 'enrichment.group'); leave them out of base writes.",
                                table, layout.mustBeNullNames().get(i)));
            }
        }
        InternalRow flussRow = converter.toInternalRow(baseColumns.replaceRow(row));
        if (partitionGetter != null) {
            partitions.ensure(partitionGetter.getPartition(flussRow));
        }
        appender.append(flussRow)
                .whenComplete(
                        (ignored, error) -> {
                            if (error != null) {
                                asyncFailure.compareAndSet(null, error);
                            }
                        });
    }

    @Override
    public void flush(boolean endOfInput) {
        rethrowAsyncFailure();
        appender.flush();
        rethrowAsyncFailure();
    }

    private void rethrowAsyncFailure() {
        Throwable failure = asyncFailure.get();
        if (failure != null) {
            throw new IllegalStateException(
                    "Writing to table '" + table + "' failed: " + failure.getMessage(), failure);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            baseTable.close();
            connection.close();
        } catch (Exception e) {
            throw new IOException("Could not close the writer of " + table, e);
        }
    }
}
