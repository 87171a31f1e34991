/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.write.TableAppender;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.getter.PartitionGetter;
import org.apache.fluss.flink.row.FlinkAsFlussRow;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.InternalRow;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;
import org.apache.flink.types.RowKind;

import java.io.IOException;
import java.time.Duration;

/** Appends the base columns of each row; a non-NULL group value fails the write. */
@Internal
final class AppendSinkWriter implements SinkWriter<RowData> {

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final TablePath table;
    private final AppendRowLayout layout;
    private final Connection connection;
    private final TableAppender appender;
    private final ProjectedRowData baseColumns;

    /** A view of the Flink row: Fluss's writer serializes it inside the append call. */
    private final FlinkAsFlussRow converter = new FlinkAsFlussRow();

    private final PartitionGetter partitionGetter; // null for a table without partitions
    private final Counter rowsSent;

    AppendSinkWriter(
            FlussConnectionConfig connectionConfig,
            TablePath table,
            AppendRowLayout layout,
            MailboxExecutor taskThread,
            Counter rowsSent) {
        this.table = table;
        this.layout = layout;
        this.connection = connectionConfig.connect();
        this.rowsSent = rowsSent;
        this.appender = new TableAppender(connection, table, "Writing to table '" + table + "'");
        appender.onFailure(() -> AppendFailures.surface(taskThread, appender::rethrowFailure));
        this.baseColumns = ProjectedRowData.from(layout.basePositions());
        TableInfo info = appender.tableInfo();
        this.partitionGetter =
                info.isPartitioned()
                        ? new PartitionGetter(info.getRowType(), info.getPartitionKeys())
                        : null;
    }

    @Override
    public void write(RowData row, Context context) {
        appender.rethrowFailure();
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
        InternalRow flussRow = converter.replace(baseColumns.replaceRow(row));
        String partition = null;
        if (partitionGetter != null) {
            partition = partitionGetter.getPartition(flussRow);
            appender.ensurePartition(partition);
        }
        appender.append(flussRow, partition);
        rowsSent.inc();
    }

    @Override
    public void flush(boolean endOfInput) {
        appender.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            appender.close();
            // Fluss waits without limit for rows it cannot send: cancel must not hang on it.
            FlussCalls.closeWithin(connection, CLOSE_TIMEOUT, "the connection to " + table);
        } catch (Exception e) {
            throw new IOException("Could not close the writer of " + table, e);
        }
    }
}
