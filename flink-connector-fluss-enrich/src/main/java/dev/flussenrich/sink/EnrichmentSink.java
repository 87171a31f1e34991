/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.GapPolicy;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.table.data.RowData;

/**
 * Writes one column group. A keyBy on (partition, bucket) before the writers gives every bucket a
 * single writer, which keeps the rows of a bucket in offset order; the writers keep the write
 * contract and flush on every checkpoint.
 */
public final class EnrichmentSink implements Sink<RowData>, SupportsPreWriteTopology<RowData> {

    private static final long serialVersionUID = 1L;

    private final FlussConnectionConfig connection;
    private final TablePath table;
    private final String group;
    private final GapPolicy gapPolicy;
    private final EnrichmentRowLayout layout;

    public EnrichmentSink(
            FlussConnectionConfig connection,
            TablePath table,
            String group,
            GapPolicy gapPolicy,
            EnrichmentRowLayout layout) {
        this.connection = connection;
        this.table = table;
        this.group = group;
        this.gapPolicy = gapPolicy;
        this.layout = layout;
    }

    @Override
    public DataStream<RowData> addPreWriteTopology(DataStream<RowData> input) {
        return input.keyBy(
                new BucketKeySelector(layout.partitionPosition(), layout.bucketPosition()),
                Types.STRING);
    }

    @Override
    public SinkWriter<RowData> createWriter(WriterInitContext context) {
        return new EnrichmentSinkWriter(connection, table, group, gapPolicy, layout);
    }
}
