/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.EnrichmentWriter;
import dev.flussenrich.core.ExpiredBeforeEnrichmentException;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.GapPolicy;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.metrics.EnrichmentWriterMetrics;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.execution.SuppressRestartsException;

import java.io.IOException;
import java.time.Duration;

/** Feeds the records of the buckets keyed to this subtask into an {@link EnrichmentWriter}. */
@Internal
final class EnrichmentSinkWriter<T> implements SinkWriter<T> {

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final TablePath table;
    private final EnrichmentSerializer<T> serializer;
    private final Connection connection;
    private final EnrichmentWriter writer;
    private final EnrichmentWriterMetrics metrics;

    EnrichmentSinkWriter(
            FlussConnectionConfig connectionConfig,
            TablePath table,
            String group,
            GapPolicy gapPolicy,
            EnrichmentSerializer<T> serializer,
            MetricGroup metricGroup) {
        this.table = table;
        this.serializer = serializer;
        this.connection = connectionConfig.connect();
        EnrichedTable loaded = new EnrichedTables(connection.getAdmin()).load(table);
        this.writer = new EnrichmentWriter(connection, loaded, group, gapPolicy);
        this.metrics = new EnrichmentWriterMetrics(metricGroup, writer);
    }

    @Override
    public void write(T record, Context context) {
        EnrichedBucket bucket = serializer.bucketOf(record);
        metrics.seen(bucket);
        try {
            writer.write(bucket, serializer.offsetOf(record), serializer.valuesOf(record));
        } catch (ExpiredBeforeEnrichmentException e) {
            // The rows are gone: every restart would fail the same way.
            throw new SuppressRestartsException(e);
        }
    }

    @Override
    public void flush(boolean endOfInput) {
        writer.flush();
        metrics.refreshLag();
    }

    @Override
    public void close() throws IOException {
        try {
            writer.close();
            // Fluss waits without limit for rows it cannot send: cancel must not hang on it.
            FlussCalls.closeWithin(connection, CLOSE_TIMEOUT, "the connection to " + table);
        } catch (Exception e) {
            throw new IOException("Could not close the enrichment writer of " + table, e);
        }
    }
}
