/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.DataStreamJobs;
import dev.flussenrich.testutils.DeviceLog;
import dev.flussenrich.testutils.EnrichmentProgress;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.GeoRow;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.flussenrich.testutils.TestTables.describe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Source, async enrichment and sink through the DataStream API, on real Fluss and Flink. */
@ExtendWith(SharedFlussCluster.class)
class DataStreamITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    /**
     * A geo "lookup". With {@code reverse}, row {@code o} of 4 answers after {@code (4 - o) *
     * delayMs}, so an unordered stage emits offsets 3, 2, 1, 0; otherwise even offsets answer after
     * {@code delayMs} and odd ones at once.
     */
    public static class AsyncGeo extends RichAsyncFunction<DeviceLog, GeoRow> {
        private final long delayMs;
        private final boolean reverse;

        AsyncGeo(long delayMs, boolean reverse) {
            this.delayMs = delayMs;
            this.reverse = reverse;
        }

        @Override
        public void asyncInvoke(DeviceLog base, ResultFuture<GeoRow> result) {
            long delay =
                    reverse ? (4 - base.offset) * delayMs : (base.offset % 2 == 0 ? delayMs : 0);
            CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS)
                    .execute(() -> result.complete(List.of(GeoRow.of(base, "city-" + base.ip))));
        }
    }

    /** Counts rows and throws once at an armed count. */
    public static class FailOnce implements MapFunction<DeviceLog, DeviceLog> {
        static final AtomicInteger SEEN = new AtomicInteger();
        static final AtomicInteger FAIL_AT = new AtomicInteger(-1);
        static final AtomicBoolean FAILED = new AtomicBoolean();

        @Override
        public DeviceLog map(DeviceLog row) throws Exception {
            if (SEEN.incrementAndGet() == FAIL_AT.get() && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("injected failure");
            }
            Thread.sleep(1);
            return row;
        }

        static void arm(int failAt) {
            SEEN.set(0);
            FAIL_AT.set(failAt);
            FAILED.set(false);
        }
    }

    private static StreamExecutionEnvironment env(int parallelism, boolean restarts) {
        Configuration conf = new Configuration();
        if (restarts) {
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
            conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
            conf.set(
                    RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY,
                    Duration.ofMillis(100));
        } else {
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(parallelism);
        env.enableCheckpointing(300);
        return env;
    }

    private static DataStream<DeviceLog> baseRows(
            StreamExecutionEnvironment env, TablePath path, StartPosition start, boolean bounded) {
        return env.fromSource(
                FlussEnrich.<DeviceLog>source()
                        .setBootstrapServers(SharedFlussCluster.cluster().bootstrapServers())
                        .setTable(path.getDatabaseName(), path.getTableName())
                        .setColumns("id", "ip")
                        .setStartPosition(start)
                        .setBounded(bounded)
                        .setDeserializer(new DeviceLog.Deserializer())
                        .build(),
                WatermarkStrategy.noWatermarks(),
                "device_logs");
    }

    private static void writeGeo(DataStream<GeoRow> rows, TablePath path, GapPolicy policy) {
        rows.sinkTo(
                FlussEnrich.<GeoRow>sink()
                        .setBootstrapServers(SharedFlussCluster.cluster().bootstrapServers())
                        .setTable(path.getDatabaseName(), path.getTableName())
                        .setGroup("geo")
                        .setGapPolicy(policy)
                        .setSerializer(new GeoRow.Serializer())
                        .build());
    }

    private static void assertEveryRowEnriched(EnrichedTable table, int rows) throws Exception {
        List<StitchedRecord> stitched =
                TestTables.readBounded(
                        SharedFlussCluster.connection(),
                        table,
                        StartPosition.earliest(),
                        "id",
                        "ip",
                        "city");
        assertThat(stitched).hasSize(rows);
        for (StitchedRecord record : stitched) {
            assertThat(record.row().getString(2).toString())
                    .isEqualTo("city-" + record.row().getString(1));
        }
    }

    @Test
    void sourceOrderedAsyncEnrichmentAndSinkEnrichEveryRow() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("ds");
        EnrichedTable table = TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 2);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 200);

        StreamExecutionEnvironment env = env(2, false);
        DataStream<DeviceLog> base = baseRows(env, path, StartPosition.earliest(), false);
        writeGeo(
                AsyncDataStream.orderedWait(base, new AsyncGeo(2, false), 10, TimeUnit.SECONDS, 50),
                path,
                GapPolicy.FAIL);
        JobClient job = env.executeAsync("enrich geo");
        try {
            EnrichmentProgress.awaitFullyEnriched(table.tablePath(), "geo");
        } finally {
            job.cancel().get();
        }
        assertEveryRowEnriched(table, 200);
        assertThat(EnrichmentProgress.companionRows(table.tablePath(), "geo")).isEqualTo(200);
    }

    @Test
    void aFailoverIsExactlyOnceAndARestartResumesAtTheWatermark() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("ds_failover");
        EnrichedTable table = TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 2);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 300);

        FailOnce.arm(180);
        StreamExecutionEnvironment env = env(2, true);
        DataStream<DeviceLog> base =
                baseRows(env, path, StartPosition.enrichmentWatermark("geo"), false)
                        .map(new FailOnce());
        writeGeo(
                AsyncDataStream.orderedWait(base, new AsyncGeo(0, false), 10, TimeUnit.SECONDS, 50),
                path,
                GapPolicy.FAIL);
        JobClient first = env.executeAsync("enrich geo with a failure");
        try {
            EnrichmentProgress.awaitFullyEnriched(table.tablePath(), "geo");
        } finally {
            first.cancel().get();
        }
        assertThat(FailOnce.FAILED).isTrue();
        assertEveryRowEnriched(table, 300);
        assertThat(EnrichmentProgress.companionRows(table.tablePath(), "geo"))
                .as("no duplicates")
                .isEqualTo(300);

        TestTables.appendBase(SharedFlussCluster.connection(), path, 300, 340);
        FailOnce.arm(-1);
        StreamExecutionEnvironment again = env(2, false);
        DataStream<DeviceLog> rest =
                baseRows(again, path, StartPosition.enrichmentWatermark("geo"), false)
                        .map(new FailOnce());
        writeGeo(
                AsyncDataStream.orderedWait(rest, new AsyncGeo(0, false), 10, TimeUnit.SECONDS, 50),
                path,
                GapPolicy.FAIL);
        JobClient second = again.executeAsync("resume geo");
        try {
            EnrichmentProgress.awaitFullyEnriched(table.tablePath(), "geo");
        } finally {
            second.cancel().get();
        }
        assertThat(FailOnce.SEEN).as("the restart read only rows past the watermark").hasValue(40);
        assertEveryRowEnriched(table, 340);
        assertThat(EnrichmentProgress.companionRows(table.tablePath(), "geo")).isEqualTo(340);
    }

    /** A bounded job over 4 rows of one bucket whose async stage answers in reverse order. */
    private record UnorderedJob(TablePath path, StreamExecutionEnvironment env) {}

    private static UnorderedJob unorderedJob(String name, GapPolicy policy) throws Exception {
        TablePath path = SharedFlussCluster.newTablePath(name);
        TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 1);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 4);
        StreamExecutionEnvironment env = env(1, false);
        DataStream<DeviceLog> base = baseRows(env, path, StartPosition.earliest(), true);
        writeGeo(
                AsyncDataStream.unorderedWait(
                        base, new AsyncGeo(150, true), 10, TimeUnit.SECONDS, 10),
                path,
                policy);
        return new UnorderedJob(path, env);
    }

    @Test
    void anUnorderedAsyncStageFailsTheJobWithTheGapMessage() throws Exception {
        UnorderedJob job = unorderedJob("ds_unordered", GapPolicy.FAIL);
        TablePath path = job.path();
        assertThatThrownBy(() -> job.env().execute("unordered"))
                .satisfies(
                        error ->
                                assertThat(DataStreamJobs.messages(error))
                                        .anyMatch(
                                                m ->
                                                        m.startsWith(
                                                                "Gap in the enrichment of table '"
                                                                        + path
                                                                        + "', group 'geo', bucket"
                                                                        + " 0: expected source"
                                                                        + " offset 0 but received"
                                                                        + " 3")));
    }

    @Test
    void anUnorderedAsyncStageWithFillNullLeavesNullsInsteadOfGaps() throws Exception {
        UnorderedJob job = unorderedJob("ds_fill", GapPolicy.FILL_NULL);
        EnrichedTable table =
                new dev.flussenrich.core.EnrichedTables(SharedFlussCluster.admin())
                        .load(job.path());
        job.env().execute("unordered, fill-null");
        assertThat(
                        describe(
                                TestTables.readBounded(
                                        SharedFlussCluster.connection(),
                                        table,
                                        StartPosition.earliest(),
                                        "id",
                                        "city")))
                .containsExactly(
                        "0@0 [0, null]",
                        "0@1 [1, null]",
                        "0@2 [2, null]",
                        "0@3 [3, city-10.0.0.3]");
    }
}
