/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.lake.tiering.TieringMetrics;
import dev.flussenrich.testutils.FailOnce;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.reader.RecordReaderIterator;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Enriched tiering against a real Fluss cluster, a Flink MiniCluster and a Paimon filesystem
 * warehouse; every lake read goes through Paimon's own reader ({@link PaimonReads}).
 */
@ExtendWith(SharedFlussCluster.class)
class LakeTieringITCase {

    private static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster(METRICS);

    @TempDir Path warehouse;

    private StreamExecutionEnvironment env(int restarts) {
        Configuration conf = new Configuration();
        if (restarts > 0) {
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
            conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, restarts);
            conf.set(
                    RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY,
                    Duration.ofMillis(100));
        } else {
            conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(200);
        return env;
    }

    private LakeTieringBuilder tiering(TablePath path) {
        return FlussEnrichLake.tiering()
                .setBootstrapServers(SharedFlussCluster.cluster().bootstrapServers())
                .setTable(path.getDatabaseName(), path.getTableName())
                .setWarehouse(warehouse.toUri().toString());
    }

    private static String lakeRow(int id, StitchedRecord base) {
        return "id="
                + id
                + " ip=10.0.0."
                + id
                + " city=city-"
                + id
                + " score="
                + (id / 10.0)
                + " __bucket="
                + base.bucket().bucket()
                + " __offset="
                + base.offset()
                + " __timestamp="
                + base.timestamp();
    }

    private static List<String> expectedRows(TablePath path, int ids) throws Exception {
        List<String> expected = new ArrayList<>();
        for (StitchedRecord base : Enrich.baseRows(path)) {
            int id = base.row().getInt(0);
            if (id < ids) {
                expected.add(lakeRow(id, base));
            }
        }
        expected.sort(null);
        return expected;
    }

    @Test
    void theLakeHoldsOnlyCompleteRowsAndCatchesUpWhenTheLaggingGroupDoes() throws Exception {
        TablePath path = Enrich.deviceLogs("lake_lag", 6);
        Enrich.group(path, "geo", id -> true);
        Enrich.group(path, "risk", id -> id < 3);

        StreamExecutionEnvironment env = env(0);
        tiering(path).addTo(env);
        JobClient job = env.executeAsync("tier with a lagging group");
        try {
            FileStoreTable lake =
                    PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
            // Rows 3..5 lack their risk score: the lake holds rows 0..2, complete.
            assertThat(PaimonReads.awaitRows(lake, rows -> rows.size() >= 3))
                    .isEqualTo(expectedRows(path, 3));
            awaitCommitterGauge(job, TieringMetrics.TIERING_LAG, lag -> lag == 3);
            awaitCommitterGauge(job, TieringMetrics.LAKE_SNAPSHOT_ID, id -> id >= 1);

            Enrich.group(path, "risk", id -> id >= 3);
            List<String> all = PaimonReads.awaitRows(lake, rows -> rows.size() >= 6);
            assertThat(all).isEqualTo(expectedRows(path, 6));
            assertThat(all).noneMatch(row -> row.contains("=null"));
            awaitCommitterGauge(job, TieringMetrics.TIERING_LAG, lag -> lag == 0);
            Map<String, String> properties = PaimonReads.snapshotProperties(lake);
            long offsets = 0;
            for (int b = 0; b < 2; b++) {
                offsets += Long.parseLong(properties.getOrDefault("fluss-enrich.offset." + b, "0"));
            }
            assertThat(offsets).as("lake offsets summed over buckets").isEqualTo(6);
        } finally {
            job.cancel().get();
        }
    }

    @Test
    void aTaskFailoverMidRunLeavesEachRowInTheLakeExactlyOnce() throws Exception {
        TablePath path = Enrich.deviceLogs("lake_failover", 150);
        Enrich.group(path, "geo", id -> true);
        Enrich.group(path, "risk", id -> true);
        FailOnce.arm(151);

        StreamExecutionEnvironment env = env(2);
        env.setParallelism(1);
        tiering(path).mapBeforeWrite(new FailOnce<RowData>()).addTo(env);
        JobClient job = env.executeAsync("tier with a task failover");
        try {
            FileStoreTable lake =
                    PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
            PaimonReads.awaitRows(lake, r -> r.size() >= 150);
            // Rows 150..299 arrive after a commit; the first of them fails the task, so some of
            // them sit in written but uncommitted files when the job restarts.
            TestTables.appendBase(SharedFlussCluster.connection(), path, 150, 300);
            Enrich.group(path, "geo", id -> id >= 150);
            Enrich.group(path, "risk", id -> id >= 150);
            List<String> rows = PaimonReads.awaitRows(lake, r -> r.size() >= 300);
            assertThat(FailOnce.failed()).as("the fault was injected").isTrue();
            Set<String> distinct = new HashSet<>(rows);
            List<String> expected = expectedRows(path, 300);
            long lost = expected.stream().filter(r -> !distinct.contains(r)).count();
            long duplicated = rows.size() - distinct.size();
            long partial = rows.stream().filter(r -> r.contains("=null")).count();
            assertThat(List.of(lost, duplicated, partial)).containsExactly(0L, 0L, 0L);
            assertThat(rows).isEqualTo(expected);
        } finally {
            job.cancel().get();
        }
    }

    @Test
    void aNewJobContinuesAfterTheOffsetsTheLakeSnapshotRecorded() throws Exception {
        TablePath path = Enrich.deviceLogs("lake_resubmit", 4);
        Enrich.group(path, "geo", id -> true);
        Enrich.group(path, "risk", id -> true);
        StreamExecutionEnvironment first = env(0);
        tiering(path).setBounded(true).addTo(first);
        first.execute("tier rows 0..3");

        TestTables.appendBase(SharedFlussCluster.connection(), path, 4, 7);
        Enrich.group(path, "geo", id -> id >= 4);
        Enrich.group(path, "risk", id -> id >= 4);
        // A new job, no checkpoint to restore: it starts from the lake's offsets, with a new
        // commit user (its checkpoint ids start again at 1).
        StreamExecutionEnvironment second = env(0);
        tiering(path).setBounded(true).addTo(second);
        second.execute("tier rows 4..6");

        FileStoreTable lake =
                PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
        assertThat(PaimonReads.rows(lake)).isEqualTo(expectedRows(path, 7));
    }

    @Test
    void aGroupLeftOutOfTheLakeNeverDelaysIt() throws Exception {
        TablePath path = Enrich.deviceLogs("lake_geo_only", 4);
        Enrich.group(path, "geo", id -> true);
        // Group risk has enriched nothing; the lake carries geo only.
        StreamExecutionEnvironment env = env(0);
        tiering(path).setGroups("geo").setBounded(true).addTo(env);
        env.execute("tier geo only");

        FileStoreTable lake =
                PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
        List<String> expected = new ArrayList<>();
        for (StitchedRecord base : Enrich.baseRows(path)) {
            int id = base.row().getInt(0);
            expected.add(
                    "id="
                            + id
                            + " ip=10.0.0."
                            + id
                            + " city=city-"
                            + id
                            + " __bucket="
                            + base.bucket().bucket()
                            + " __offset="
                            + base.offset()
                            + " __timestamp="
                            + base.timestamp());
        }
        expected.sort(null);
        assertThat(PaimonReads.rows(lake)).isEqualTo(expected);
    }

    @Test
    void aBaseThatHashesAsPaimonGetsABucketAlignedLakeTable() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("lake_aligned");
        TableDescriptor paimonHashed =
                TableDescriptor.builder()
                        .schema(TestTables.deviceLogs(3).getSchema())
                        .distributedBy(3, "id")
                        .property("table.datalake.format", "paimon")
                        .customProperties(TestTables.deviceLogs(3).getCustomProperties())
                        .build();
        new EnrichedTables(SharedFlussCluster.admin()).create(path, paimonHashed, false);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 12);
        Enrich.group(path, "geo", id -> true);
        Enrich.group(path, "risk", id -> true);
        StreamExecutionEnvironment env = env(0);
        tiering(path).setBounded(true).addTo(env);
        env.execute("tier a Paimon-hashed table");

        FileStoreTable lake =
                PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
        assertThat(lake.options()).containsEntry("bucket", "3").containsEntry("bucket-key", "id");
        assertThat(PaimonReads.rows(lake)).isEqualTo(expectedRows(path, 12));
        // Each Paimon bucket holds exactly the rows of the Fluss bucket with its number.
        int bucketField = lake.rowType().getFieldNames().indexOf("__bucket");
        long rows = 0;
        ReadBuilder read = lake.newReadBuilder();
        for (Split split : read.newScan().plan().splits()) {
            int paimonBucket = ((DataSplit) split).bucket();
            try (RecordReader<InternalRow> reader = read.newRead().createReader(split)) {
                RecordReaderIterator<InternalRow> it = new RecordReaderIterator<>(reader);
                while (it.hasNext()) {
                    assertThat(it.next().getInt(bucketField)).isEqualTo(paimonBucket);
                    rows++;
                }
            }
        }
        assertThat(rows).isEqualTo(12);
    }

    @Test
    void mistakesAreNamedBeforeTheJobStarts() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("lake_errors");
        TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 1);

        StreamExecutionEnvironment noCheckpoints =
                StreamExecutionEnvironment.getExecutionEnvironment();
        assertThatThrownBy(() -> tiering(path).addTo(noCheckpoints))
                .hasMessage(
                        "Enriched tiering commits to Paimon when a checkpoint completes, but"
                                + " checkpointing is off: call env.enableCheckpointing(interval)"
                                + " (the interval is how fresh the lake is).");
        assertThatThrownBy(() -> FlussEnrichLake.tiering().addTo(env(0)))
                .hasMessage(
                        "bootstrap servers is required but not provided: call"
                                + " setBootstrapServers(...).");
        assertThatThrownBy(() -> tiering(path).setGroups("weather").addTo(env(0)))
                .hasMessageContaining("'weather'");

        // A lake table with other base columns is refused; other groups only are evolved
        // (LakeGroupEvolutionITCase).
        String db = path.getDatabaseName();
        try (Catalog catalog =
                CatalogFactory.createCatalog(
                        CatalogContext.create(
                                Options.fromMap(
                                        Map.of("warehouse", warehouse.toUri().toString()))))) {
            catalog.createDatabase(db, true);
            catalog.createTable(
                    Identifier.create(db, "foreign_lake"),
                    Schema.newBuilder().column("x", DataTypes.INT()).build(),
                    false);
        }
        assertThatThrownBy(() -> tiering(path).setLakeTable(db, "foreign_lake").addTo(env(0)))
                .hasMessage(
                        "Paimon table '"
                                + db
                                + ".foreign_lake' exists with columns [x] partitioned by [], but"
                                + " tiering '"
                                + path
                                + "' writes columns [id, ip, city, score, __bucket, __offset,"
                                + " __timestamp] partitioned by []. Tier to another Paimon"
                                + " table (setLakeTable) or drop this one.");

        TablePath untiered = SharedFlussCluster.newTablePath("lake_none");
        TestTables.createDeviceLogs(SharedFlussCluster.connection(), untiered, 1);
        assertThatThrownBy(
                        () ->
                                FlussEnrichLake.unionRead()
                                        .setBootstrapServers(
                                                SharedFlussCluster.cluster().bootstrapServers())
                                        .setTable(
                                                untiered.getDatabaseName(), untiered.getTableName())
                                        .setWarehouse(warehouse.toUri().toString())
                                        .addTo(env(0)))
                .hasMessage(
                        "Paimon table '"
                                + untiered
                                + "' does not exist: run the enriched tiering of '"
                                + untiered
                                + "' first (CALL <catalog>.sys.tier_to_lake('"
                                + untiered
                                + "'), or FlussEnrichLake.tiering()).");
    }

    /** Polls a gauge of the tiering committer until it satisfies {@code expected}. */
    private static void awaitCommitterGauge(JobClient job, String name, LongPredicate expected)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        Long last = null;
        while (System.nanoTime() < deadline) {
            for (var metric : METRICS.findMetrics(job.getJobID(), name).entrySet()) {
                if (metric.getKey().contains("lake tiering committer")) {
                    last = (Long) ((Gauge<?>) metric.getValue()).getValue();
                    if (expected.test(last)) {
                        return;
                    }
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError(name + " never matched; last value " + last);
    }
}
