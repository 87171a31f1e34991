/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.source.reader.StitchedRecordDeserializer;
import dev.flussenrich.testutils.DeviceLog;
import dev.flussenrich.testutils.EnrichmentProgress;
import dev.flussenrich.testutils.FailOnce;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.GeoRow;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.ExceptionUtils;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault tests on Flink: a gated reader job's failover while rows wait behind the frontier, and two
 * jobs writing one group at once. Each counts lost, duplicated and partial rows exactly.
 */
// A job that never ends (a collect iterator ignores interrupts) fails here at the timeout. This
// module's other tests plan SQL in @BeforeAll, and Calcite's metadata lives in thread locals, so
// only this DataStream class runs its tests in a separate thread.
@Timeout(value = 4, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(SharedFlussCluster.class)
class FaultsITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    /** Reads {@code id, city} as {@code "bucket@offset id city"}. */
    static class Described implements StitchedRecordDeserializer<String> {
        @Override
        public String deserialize(StitchedRecord record) {
            return record.bucket().bucket()
                    + "@"
                    + record.offset()
                    + " "
                    + record.row().getInt(0)
                    + " "
                    + record.row().getString(1);
        }

        @Override
        public TypeInformation<String> getProducedType() {
            return Types.STRING;
        }
    }

    /** Throws once, at the armed row count. */
    private static StreamExecutionEnvironment env() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(200);
        return env;
    }

    /** A reader job of (id, city), gated on geo, with the armed {@link FailOnce} after it. */
    private static DataStream<String> readerFailingOnce(TablePath path, boolean bounded) {
        return env().fromSource(
                        FlussEnrich.<String>source()
                                .setBootstrapServers(
                                        SharedFlussCluster.cluster().bootstrapServers())
                                .setTable(path.getDatabaseName(), path.getTableName())
                                .setColumns("id", "city")
                                .setDeserializer(new Described())
                                .setBounded(bounded)
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        bounded ? "bounded reader" : "gated reader")
                .map(new FailOnce<String>())
                .returns(Types.STRING);
    }

    /** Enriches, per bucket, the base rows below {@code fraction} of the bucket's rows. */
    private static Map<String, String> enrich(
            EnrichedTable table, double fromFraction, double toFraction) throws Exception {
        List<StitchedRecord> base =
                TestTables.readBounded(
                        SharedFlussCluster.connection(), table, StartPosition.earliest(), "id");
        Map<Integer, List<StitchedRecord>> byBucket =
                base.stream().collect(Collectors.groupingBy(r -> r.bucket().bucket()));
        Map<String, String> expected = new java.util.TreeMap<>();
        try (EnrichmentWriter geo =
                new EnrichmentWriter(
                        SharedFlussCluster.connection(), table, "geo", GapPolicy.FAIL)) {
            for (List<StitchedRecord> rows : byBucket.values()) {
                int from = (int) (rows.size() * fromFraction);
                int to = (int) (rows.size() * toFraction);
                for (StitchedRecord row : rows.subList(from, to)) {
                    int id = row.row().getInt(0);
                    geo.write(row.bucket(), row.offset(), TestTables.city("city" + id));
                    expected.put(
                            row.bucket().bucket() + "@" + row.offset(),
                            row.bucket().bucket() + "@" + row.offset() + " " + id + " city" + id);
                }
            }
            geo.flush();
        }
        return expected;
    }

    /**
     * A streaming reader of (id, city) gated on a group that has enriched half of each bucket: the
     * other half waits behind the frontier when a task of the reader job fails and restores from
     * its checkpoint. Then the group catches up; every row arrives once, whole.
     */
    @Test
    void aReaderFailoverWhileRowsWaitBehindTheFrontier() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("reader_failover");
        EnrichedTable table = TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 2);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 200);
        Map<String, String> expected = new java.util.TreeMap<>(enrich(table, 0, 0.5));
        int firstHalf = expected.size();

        FailOnce.arm(firstHalf / 2);
        DataStream<String> rows = readerFailingOnce(path, false);
        List<String> received = new ArrayList<>();
        try (CloseableIterator<String> results = rows.executeAndCollect("gated reader")) {
            while (received.size() < firstHalf) {
                received.add(results.next());
            }
            assertThat(FailOnce.failed()).as("the failure happened").isTrue();
            expected.putAll(enrich(table, 0.5, 1.0));
            while (received.size() < expected.size()) {
                received.add(results.next());
            }
        }
        // lost = 0, duplicated = 0, partial = 0 (each row has its own city)
        assertThat(received).hasSize(200).doesNotHaveDuplicates();
        assertThat(received).containsExactlyInAnyOrderElementsOf(expected.values());
    }

    /**
     * A task of a bounded read fails after the enumerator told every reader that no split will
     * come. Flink restarts the tasks, not the enumerator; the new readers must be told again, or
     * they wait for a split forever and the job never ends.
     */
    @Test
    void aBoundedReadFailoverAfterTheReadersWereToldNoMoreSplits() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("bounded_failover");
        EnrichedTable table = TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 2);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 200);
        Map<String, String> expected = enrich(table, 0, 1.0);

        FailOnce.arm(50);
        DataStream<String> rows = readerFailingOnce(path, true);
        List<String> received = new ArrayList<>();
        try (CloseableIterator<String> results = rows.executeAndCollect("bounded reader")) {
            results.forEachRemaining(received::add);
        }
        assertThat(FailOnce.failed()).as("the failure happened").isTrue();
        // lost = 0, duplicated = 0, partial = 0 (each row has its own city)
        assertThat(received).hasSize(200).doesNotHaveDuplicates();
        assertThat(received).containsExactlyInAnyOrderElementsOf(expected.values());
    }

    /**
     * Two jobs write one group at once (a resubmission while the old job still runs). The first row
     * stored for each offset wins; readers see every row once, whole.
     */
    @Test
    void twoJobsWritingOneGroupAtOnce() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("two_jobs");
        EnrichedTable table = TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 2);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 300);

        List<JobClient> jobs = new ArrayList<>();
        try {
            jobs.add(startEnrichment(path, 2, null));
            jobs.add(startEnrichment(path, 2, null));
            EnrichmentProgress.awaitFullyEnriched(path, "geo");
        } finally {
            for (JobClient job : jobs) {
                job.cancel().get();
            }
        }
        List<StitchedRecord> stitched =
                TestTables.readBounded(
                        SharedFlussCluster.connection(),
                        table,
                        StartPosition.earliest(),
                        "id",
                        "ip",
                        "city");
        // lost = 0, duplicated = 0 (each offset once), partial = 0 (each row its own city)
        assertThat(stitched).hasSize(300);
        assertThat(stitched.stream().map(r -> r.bucket() + "@" + r.offset()))
                .doesNotHaveDuplicates();
        for (StitchedRecord row : stitched) {
            assertThat(row.row().getString(2).toString())
                    .isEqualTo("city-" + row.row().getString(1));
        }
        // Racing writers may both store a row for an offset; readers skip the later one.
        assertThat(EnrichmentProgress.companionRows(path, "geo")).isBetween(300L, 600L);
    }

    /** Passes rows on slowly, so that a job can be stopped half way. */
    static class Slow implements MapFunction<DeviceLog, DeviceLog> {
        @Override
        public DeviceLog map(DeviceLog row) throws Exception {
            Thread.sleep(5);
            return row;
        }
    }

    /** The enrichment job at a parallelism, restored from a savepoint if one is given. */
    private static JobClient startEnrichment(TablePath path, int parallelism, String savepoint)
            throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        if (savepoint != null) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(parallelism);
        env.enableCheckpointing(200);
        DataStream<DeviceLog> base =
                env.fromSource(
                                FlussEnrich.<DeviceLog>source()
                                        .setBootstrapServers(
                                                SharedFlussCluster.cluster().bootstrapServers())
                                        .setTable(path.getDatabaseName(), path.getTableName())
                                        .setColumns("id", "ip")
                                        .setStartPosition(StartPosition.enrichmentWatermark("geo"))
                                        .setDeserializer(new DeviceLog.Deserializer())
                                        .build(),
                                WatermarkStrategy.noWatermarks(),
                                "device_logs")
                        .uid("source")
                        .map(new Slow())
                        .uid("slow");
        AsyncDataStream.orderedWait(
                        base, new DataStreamITCase.AsyncGeo(0, false), 10, TimeUnit.SECONDS, 50)
                .uid("geo")
                .sinkTo(
                        FlussEnrich.<GeoRow>sink()
                                .setBootstrapServers(
                                        SharedFlussCluster.cluster().bootstrapServers())
                                .setTable(path.getDatabaseName(), path.getTableName())
                                .setGroup("geo")
                                .setSerializer(new GeoRow.Serializer())
                                .build())
                .uid("sink");
        return env.executeAsync("enrich geo at parallelism " + parallelism);
    }

    private static void awaitCompanionRows(TablePath path, long rows) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (EnrichmentProgress.companionRows(path, "geo") < rows) {
            assertThat(System.nanoTime()).as("progress of " + path).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /**
     * Stop-with-savepoint needs every task running: a writer subtask that is still deploying (a
     * loaded machine) refuses it, and the stop is asked again until the deadline.
     */
    private static String stopWithSavepoint(JobClient job, Path savepoints) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                return job.stopWithSavepoint(
                                false, savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                        .get();
            } catch (ExecutionException e) {
                boolean notAllRunning =
                        ExceptionUtils.findThrowableWithMessage(
                                        e, "Not all required tasks are currently running")
                                .isPresent();
                if (!notAllRunning || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }

    /**
     * The enrichment job is stopped with a savepoint at parallelism 2 half way, restored at 3 and
     * stopped again, then restored at 1 and run to the end, with base rows arriving in between.
     * Source and sink state move between subtasks; every row is enriched exactly once.
     */
    @Test
    void stopWithSavepointAndRestoreAtOtherParallelisms(@TempDir Path savepoints) throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("rescale");
        EnrichedTable table = TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 4);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 300);

        JobClient atTwo = startEnrichment(path, 2, null);
        awaitCompanionRows(path, 60);
        String first = stopWithSavepoint(atTwo, savepoints);
        assertThat(EnrichmentProgress.companionRows(path, "geo")).isLessThan(300);

        TestTables.appendBase(SharedFlussCluster.connection(), path, 300, 350);
        JobClient atThree = startEnrichment(path, 3, first);
        awaitCompanionRows(path, EnrichmentProgress.companionRows(path, "geo") + 60);
        String second = stopWithSavepoint(atThree, savepoints);

        TestTables.appendBase(SharedFlussCluster.connection(), path, 350, 400);
        JobClient atOne = startEnrichment(path, 1, second);
        try {
            EnrichmentProgress.awaitFullyEnriched(path, "geo");
        } finally {
            atOne.cancel().get();
        }
        List<StitchedRecord> stitched =
                TestTables.readBounded(
                        SharedFlussCluster.connection(),
                        table,
                        StartPosition.earliest(),
                        "id",
                        "ip",
                        "city");
        // lost = 0, duplicated = 0 (companion rows stored = base rows), partial = 0
        assertThat(stitched).hasSize(400);
        for (StitchedRecord row : stitched) {
            assertThat(row.row().getString(2).toString())
                    .isEqualTo("city-" + row.row().getString(1));
        }
        assertThat(EnrichmentProgress.companionRows(path, "geo")).isEqualTo(400);
    }
}
