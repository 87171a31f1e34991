/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.PartitionIds;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.SideBySide;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.ExpiredBeforeEnrichmentException;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.metrics.EnrichmentWriterMetrics;

import org.apache.fluss.client.Connection;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.execution.SuppressRestartsException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Feeds the records of the buckets routed to this subtask into one {@link EnrichmentWriter} per
 * group, over one connection. Fails the task as soon as an append fails, and refreshes the lag of
 * every bucket it owns on a timer (not in the checkpoint's flush, which must not wait on offset
 * lookups).
 */
@Internal
final class EnrichmentSinkWriter<T> implements SinkWriter<T> {

    private static final Logger LOG = LoggerFactory.getLogger(EnrichmentSinkWriter.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    static final Duration LAG_REFRESH_INTERVAL = Duration.ofSeconds(5);

    /**
     * Companion rows wait at most this long for more rows of their batch (Fluss's default: 100 ms).
     * A companion row is small and readers of the group wait for it; under load batches fill up
     * before this runs out, so it costs no throughput.
     */
    static final String DEFAULT_BATCH_TIMEOUT = "10ms";

    private final TablePath table;
    private final Connection connection;
    private final List<GroupWriter<T>> groups = new ArrayList<>();
    private final EnrichmentSerializer<T> identity;
    private final EnrichedTable loaded;
    private final PartitionIds partitions;
    private final ProcessingTimeService timers;
    private final int subtask;
    private final int subtasks;
    private final Counter rowsSent;

    /** The bucket of the last row: its lag gauges are registered. */
    private EnrichedBucket lastBucket;

    EnrichmentSinkWriter(
            FlussConnectionConfig connectionConfig,
            TablePath table,
            List<GroupWrite<T>> writes,
            GapPolicy gapPolicy,
            WriterInitContext context) {
        this.table = table;
        this.identity = writes.get(0).serializer();
        this.connection =
                connectionConfig
                        .withDefault(
                                ConfigOptions.CLIENT_WRITER_BATCH_TIMEOUT.key(),
                                DEFAULT_BATCH_TIMEOUT)
                        .connect();
        try {
            this.loaded = new EnrichedTables(connection.getAdmin()).load(table);
            this.partitions = new PartitionIds(connection.getAdmin(), table);
            this.subtask = context.getTaskInfo().getIndexOfThisSubtask();
            this.subtasks = context.getTaskInfo().getNumberOfParallelSubtasks();
            List<EnrichedBucket> owned = ownedBucketsIfKnown();
            List<Supplier<OpenedGroup<T>>> opens = new ArrayList<>();
            writes.forEach(write -> opens.add(() -> open(write, gapPolicy, owned)));
            // Each group's writer loads its companion and looks up the buckets this subtask owns:
            // waits on Fluss, which for several groups overlap instead of adding up.
            for (OpenedGroup<T> opened : SideBySide.run("open-groups", opens)) {
                groups.add(register(opened, writes.size() == 1, context));
            }
        } catch (RuntimeException e) {
            FlussCalls.closeWithin(connection, CLOSE_TIMEOUT, "the connection to " + table);
            throw e;
        }
        this.rowsSent = context.metricGroup().getNumRecordsSendCounter();
        this.timers = context.getProcessingTimeService();
        timers.registerTimer(
                timers.getCurrentProcessingTime() + LAG_REFRESH_INTERVAL.toMillis(),
                this::refreshLag);
    }

    /**
     * The buckets this subtask owns, looked up all together before the first row; null if they
     * could not be (each is then looked up at its first row). Left to each bucket's first row, a
     * table of 30 partitions spent seconds in lookups and partition creations one after another.
     */
    private List<EnrichedBucket> ownedBucketsIfKnown() {
        try {
            return ownedBuckets();
        } catch (RuntimeException e) {
            warnNotPrepared(e);
            return null;
        }
    }

    /**
     * A group's writer, with the owned buckets looked up and the creation of the companion
     * partitions it will write sent (its lags, or null if that failed).
     */
    private OpenedGroup<T> open(
            GroupWrite<T> write, GapPolicy gapPolicy, List<EnrichedBucket> owned) {
        EnrichmentWriter writer =
                new EnrichmentWriter(connection, loaded, write.group(), gapPolicy);
        Map<EnrichedBucket, Long> lags = null;
        if (owned != null) {
            try {
                lags = writer.prepare(owned);
            } catch (RuntimeException e) {
                warnNotPrepared(e);
            }
        }
        return new OpenedGroup<>(write, writer, lags);
    }

    /** On the task thread: the group's failure listener and metrics. */
    private GroupWriter<T> register(
            OpenedGroup<T> opened, boolean onlyGroup, WriterInitContext context) {
        EnrichmentWriter writer = opened.writer();
        writer.onAppendFailure(
                () ->
                        AppendFailures.surface(
                                context.getMailboxExecutor(), writer::rethrowAppendFailure));
        // One group keeps the metric names it always had; several are told apart by group.
        MetricGroup metricGroup =
                onlyGroup
                        ? context.metricGroup()
                        : context.metricGroup().addGroup("group", opened.write().group());
        EnrichmentWriterMetrics metrics = new EnrichmentWriterMetrics(metricGroup, writer);
        if (opened.lags() != null) {
            metrics.show(opened.lags());
        }
        return new GroupWriter<>(opened.write().serializer(), writer, metrics);
    }

    private void warnNotPrepared(RuntimeException e) {
        LOG.warn(
                "Could not look up the buckets of {} ahead of their first rows; each is"
                        + " looked up at its first row.",
                table,
                e);
    }

    @Override
    public void write(T record, Context context) {
        EnrichedBucket bucket = identity.bucketOf(record);
        long offset = identity.offsetOf(record);
        if (!bucket.equals(lastBucket)) {
            // A bucket first seen after the start (a new partition) gets its lag gauge now.
            groups.forEach(group -> group.metrics.register(bucket));
            lastBucket = bucket;
        }
        try {
            for (GroupWriter<T> group : groups) {
                rowsSent.inc(group.writer.write(bucket, offset, group.serializer.valuesOf(record)));
            }
        } catch (ExpiredBeforeEnrichmentException e) {
            // The rows are gone: every restart would fail the same way.
            throw new SuppressRestartsException(e);
        }
    }

    @Override
    public void flush(boolean endOfInput) {
        for (GroupWriter<T> group : groups) {
            group.writer.flush();
        }
    }

    /** Runs on the task thread: every bucket this subtask owns gets a lag gauge, kept current. */
    private void refreshLag(long now) {
        try {
            List<EnrichedBucket> owned = ownedBuckets();
            for (GroupWriter<T> group : groups) {
                group.metrics.refreshLag(owned);
            }
        } catch (RuntimeException e) {
            LOG.warn(
                    "Could not refresh the enrichment lag of {}; trying again in {}.",
                    table,
                    LAG_REFRESH_INTERVAL,
                    e);
        }
        timers.registerTimer(now + LAG_REFRESH_INTERVAL.toMillis(), this::refreshLag);
    }

    /** The buckets the partitioner routes to this subtask, in the partitions that exist now. */
    private List<EnrichedBucket> ownedBuckets() {
        return partitions.allBuckets(loaded.isPartitioned(), loaded.numBuckets()).stream()
                .filter(bucket -> BucketPartitioner.owns(subtask, subtasks, bucket))
                .toList();
    }

    @Override
    public void close() throws IOException {
        try {
            for (GroupWriter<T> group : groups) {
                group.writer.close();
            }
            // Fluss waits without limit for rows it cannot send: cancel must not hang on it.
            FlussCalls.closeWithin(connection, CLOSE_TIMEOUT, "the connection to " + table);
        } catch (Exception e) {
            throw new IOException("Could not close the enrichment writer of " + table, e);
        }
    }

    /** A group's writer as opened aside, and the lags its preparation found (or null). */
    private record OpenedGroup<T>(
            GroupWrite<T> write, EnrichmentWriter writer, Map<EnrichedBucket, Long> lags) {}

    /** A group's writer, its metrics, and the serializer that reads its values from a record. */
    private record GroupWriter<T>(
            EnrichmentSerializer<T> serializer,
            EnrichmentWriter writer,
            EnrichmentWriterMetrics metrics) {}
}
