/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.adapter.SinkAdapter;
import dev.flussenrich.core.FlussConnectionConfig;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.table.data.RowData;

/** Appends base rows to the base table; group columns must be NULL. */
@Internal
public final class AppendSink extends SinkAdapter<RowData> {

    private static final long serialVersionUID = 1L;

    private final FlussConnectionConfig connection;
    private final TablePath table;
    private final AppendRowLayout layout;

    public AppendSink(FlussConnectionConfig connection, TablePath table, AppendRowLayout layout) {
        this.connection = connection;
        this.table = table;
        this.layout = layout;
    }

    @Override
    public SinkWriter<RowData> createWriter(WriterInitContext context) {
        return new AppendSinkWriter(
                connection,
                table,
                layout,
                context.getMailboxExecutor(),
                context.metricGroup().getNumRecordsSendCounter());
    }
}
