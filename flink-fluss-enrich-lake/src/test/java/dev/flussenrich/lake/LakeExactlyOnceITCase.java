/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;

import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The lake stays exactly-once under every checkpoint setting, a restore from an older savepoint,
 * partitions dropped and created again, and a lake table whose buckets do not fit.
 */
@ExtendWith(SharedFlussCluster.class)
class LakeExactlyOnceITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    private static final String OLD = "2026-11-30";
    private static final String NEW = "2026-12-01";

    @TempDir Path warehouse;

    private static StreamExecutionEnvironment env(Configuration conf) {
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
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

    private FileStoreTable lake(TablePath path) throws Exception {
        return PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
    }

    @Test
    void checkpointSettingsThatCouldDropFilesAreRefused() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("lake_modes");
        TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 1);
        String unaligned =
                "Enriched tiering does not support unaligned checkpoints: set"
                        + " execution.checkpointing.unaligned.enabled to false (with it, and with"
                        + " execution.checkpointing.aligned-checkpoint-timeout, files can reach"
                        + " the committer after their checkpoint).";

        StreamExecutionEnvironment atLeastOnce = env(new Configuration());
        atLeastOnce
                .getCheckpointConfig()
                .setCheckpointingConsistencyMode(CheckpointingMode.AT_LEAST_ONCE);
        assertThatThrownBy(() -> tiering(path).addTo(atLeastOnce))
                .hasMessage(
                        "Enriched tiering needs exactly-once checkpoints, but"
                                + " execution.checkpointing.mode is AT_LEAST_ONCE: set it to"
                                + " EXACTLY_ONCE (at-least-once checkpoints let files reach the"
                                + " committer after their checkpoint).");

        StreamExecutionEnvironment unalignedEnv = env(new Configuration());
        unalignedEnv.getCheckpointConfig().enableUnalignedCheckpoints();
        assertThatThrownBy(() -> tiering(path).addTo(unalignedEnv)).hasMessage(unaligned);

        // Aligned at first, unaligned once alignment takes longer than the timeout.
        Configuration timeout = new Configuration();
        timeout.setString("execution.checkpointing.unaligned.enabled", "true");
        timeout.setString("execution.checkpointing.aligned-checkpoint-timeout", "30 s");
        StreamExecutionEnvironment timeoutEnv = env(timeout);
        assertThatThrownBy(() -> tiering(path).addTo(timeoutEnv)).hasMessage(unaligned);

        // Nothing was created for the refused jobs.
        assertThat(warehouse.resolve(path.getDatabaseName() + ".db")).doesNotExist();
    }

    /**
     * Job A tiers rows 0..29 and takes savepoint S, then tiers more rows over some 40 checkpoints
     * and is cancelled. Job B restores S: its checkpoint ids follow S's again, its commit user is
     * A's, its source is behind the lake. 30 more rows arrive. The lake holds each row once, in
     * either format.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"paimon", "iceberg"})
    void aRestoreFromAnOlderSavepointCommitsEachRowOnce(String format, @TempDir Path savepoints)
            throws Exception {
        TablePath path = Enrich.deviceLogs("lake_old_savepoint_" + format, 30);
        Enrich.group(path, "geo", id -> true);
        Enrich.group(path, "risk", id -> true);

        StreamExecutionEnvironment first = env(new Configuration());
        tiering(path).setLakeFormat(format).addTo(first);
        TieredLakeView lake = view(format, path);
        JobClient a = first.executeAsync("tier, then savepoint");
        String savepoint;
        int rows = 30;
        try {
            awaitRowCount(lake, 30);
            savepoint = triggerSavepoint(a, savepoints);
            long atSavepoint = lake.lastCheckpointId();
            // A goes on and commits rows at checkpoint ids well past the savepoint's.
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (lake.lastCheckpointId() < atSavepoint + 40) {
                assertThat(System.nanoTime()).as("job A's commits").isLessThan(deadline);
                appendEnriched(path, rows, rows + 2);
                rows += 2;
            }
            awaitRowCount(lake, rows);
        } finally {
            a.cancel().get();
        }

        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        StreamExecutionEnvironment second = env(restore);
        tiering(path).setLakeFormat(format).addTo(second);
        JobClient b = second.executeAsync("tier, restored from the older savepoint");
        try {
            appendEnriched(path, rows, rows + 30);
            List<String> expected = expectedIdentities(path);
            assertThat(expected).hasSize(rows + 30);
            List<String> inLake = awaitTiered(lake, expected);
            Set<String> distinct = new HashSet<>(inLake);
            long lost = expected.stream().filter(r -> !distinct.contains(r)).count();
            long duplicated = inLake.size() - distinct.size();
            long partial = lake.partialRows();
            List<String> twice = new ArrayList<>(inLake);
            distinct.forEach(twice::remove);
            assertThat(List.of(lost, duplicated, partial))
                    .as("lost, duplicated, partial (rows twice: %s)", twice)
                    .containsExactly(0L, 0L, 0L);
            assertThat(inLake).isEqualTo(expected);
            assertThat(lake.offsetSum())
                    .as("lake offsets summed over buckets")
                    .isEqualTo(rows + 30);
        } finally {
            b.cancel().get();
        }
    }

    @Test
    void aDroppedPartitionsOffsetsLeaveTheNextSnapshot() throws Exception {
        TablePath path = tieredDays("lake_prune");
        dropOldDay(path);
        appendDay(path, NEW, 8, 11);
        Enrich.group(path, "geo", id -> id >= 8);
        tierOnce(path);

        Map<String, String> properties = PaimonReads.snapshotProperties(lake(path));
        assertThat(properties.keySet()).noneMatch(key -> key.contains(OLD));
        Map<String, Long> newDay = new TreeMap<>();
        for (StitchedRecord base : Enrich.baseRows(path)) {
            newDay.merge(
                    "fluss-enrich.offset." + NEW + "/" + base.bucket().bucket(),
                    base.offset() + 1,
                    Math::max);
        }
        Map<String, Long> recorded = new TreeMap<>();
        properties.forEach(
                (key, value) -> {
                    if (key.startsWith("fluss-enrich.offset.")) {
                        recorded.put(key, Long.parseLong(value));
                    }
                });
        assertThat(recorded).isEqualTo(newDay);
        assertThat(properties)
                .containsEntry(
                        "fluss-enrich.partition-id." + NEW, Long.toString(partitionId(path, NEW)))
                .containsEntry(
                        "fluss-enrich.table-id",
                        Long.toString(
                                SharedFlussCluster.admin().getTableInfo(path).get().getTableId()));
    }

    @Test
    void aPartitionDroppedAndCreatedAgainIsTieredFromItsOwnStart() throws Exception {
        TablePath path = tieredDays("lake_recreate");
        List<String> tiered = view("paimon", path).identities();
        assertThat(tiered).hasSize(8);

        dropOldDay(path);
        // The same name again: a new partition, its offsets from 0.
        new PartitionCreator(
                        SharedFlussCluster.admin(),
                        SharedFlussCluster.admin().getTableInfo(path).get())
                .ensure(OLD);
        appendDay(path, OLD, 8, 12);
        Enrich.group(path, "geo", id -> id >= 8);
        tierOnce(path);

        List<String> expected = new ArrayList<>(tiered);
        for (String identity : expectedIdentities(path)) {
            if (Integer.parseInt(identity.split("@")[0]) >= 8) {
                expected.add(identity);
            }
        }
        expected.sort(null);
        assertThat(expected).hasSize(12);
        assertThat(view("paimon", path).identities()).isEqualTo(expected);
    }

    @Test
    void aLakeTableWithOtherBucketsIsRefused() throws Exception {
        TablePath threeBuckets = paimonHashed("lake_buckets_3", 3);
        tiering(threeBuckets).addTo(env(new Configuration()));

        TablePath twoBuckets = paimonHashed("lake_buckets_2", 2);
        assertThatThrownBy(
                        () ->
                                tiering(twoBuckets)
                                        .setLakeTable(
                                                threeBuckets.getDatabaseName(),
                                                threeBuckets.getTableName())
                                        .addTo(env(new Configuration())))
                .hasMessage(
                        "Paimon table '"
                                + threeBuckets
                                + "' exists with bucket = 3 by [id], but tiering '"
                                + twoBuckets
                                + "' writes bucket = 2 by [id]. Tier to another Paimon table"
                                + " (setLakeTable) or drop this one.");

        TablePath unaware = SharedFlussCluster.newTablePath("lake_buckets_unaware");
        TestTables.createDeviceLogs(SharedFlussCluster.connection(), unaware, 3);
        assertThatThrownBy(
                        () ->
                                tiering(unaware)
                                        .setLakeTable(
                                                threeBuckets.getDatabaseName(),
                                                threeBuckets.getTableName())
                                        .addTo(env(new Configuration())))
                .hasMessage(
                        "Paimon table '"
                                + threeBuckets
                                + "' exists with bucket = 3 by [id], but tiering '"
                                + unaware
                                + "' writes bucket = -1 (bucket-unaware). Tier to another Paimon"
                                + " table (setLakeTable) or drop this one.");
    }

    // ---------------------------------------------------------------------------------------

    private void tierOnce(TablePath path) throws Exception {
        StreamExecutionEnvironment env = env(new Configuration());
        tiering(path).setBounded(true).addTo(env);
        env.execute("tier once");
    }

    private static void appendEnriched(TablePath path, int from, int to) throws Exception {
        TestTables.appendBase(SharedFlussCluster.connection(), path, from, to);
        Enrich.group(path, "geo", id -> id >= from && id < to);
        Enrich.group(path, "risk", id -> id >= from && id < to);
    }

    /** A table partitioned by day, rows 0..3 on the old day and 4..7 on the new one, tiered. */
    private TablePath tieredDays(String name) throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = SharedFlussCluster.newTablePath(name);
        new EnrichedTables(connection.getAdmin())
                .create(path, TestTables.partitionedByDay(2), false);
        PartitionCreator partitions =
                new PartitionCreator(
                        connection.getAdmin(), connection.getAdmin().getTableInfo(path).get());
        partitions.ensure(OLD);
        partitions.ensure(NEW);
        appendDay(path, OLD, 0, 4);
        appendDay(path, NEW, 4, 8);
        Enrich.group(path, "geo", id -> true);
        tierOnce(path);
        assertThat(PaimonReads.rows(lake(path))).hasSize(8);
        return path;
    }

    private static void dropOldDay(TablePath path) throws Exception {
        Connection connection = SharedFlussCluster.connection();
        PartitionSpec oldDay = new PartitionSpec(Map.of("dt", OLD));
        connection.getAdmin().dropPartition(path, oldDay, false).get();
        TablePath companion =
                new EnrichedTables(connection.getAdmin())
                        .load(path)
                        .requireGroup("geo")
                        .companionPath();
        connection.getAdmin().dropPartition(companion, oldDay, false).get();
    }

    private static void appendDay(TablePath path, String day, int from, int to) throws Exception {
        try (Table base = SharedFlussCluster.connection().getTable(path)) {
            AppendWriter writer = base.newAppend().createWriter();
            for (int id = from; id < to; id++) {
                writer.append(GenericRow.of(id, BinaryString.fromString(day)));
            }
            writer.flush();
        }
    }

    private static long partitionId(TablePath path, String day) throws Exception {
        return SharedFlussCluster.admin().listPartitionInfos(path).get().stream()
                .filter(p -> p.getPartitionName().equals(day))
                .findFirst()
                .orElseThrow()
                .getPartitionId();
    }

    private static TablePath paimonHashed(String name, int buckets) {
        TablePath path = SharedFlussCluster.newTablePath(name);
        TableDescriptor descriptor =
                TableDescriptor.builder()
                        .schema(TestTables.deviceLogs(buckets).getSchema())
                        .distributedBy(buckets, "id")
                        .property("table.datalake.format", "paimon")
                        .customProperties(TestTables.deviceLogs(buckets).getCustomProperties())
                        .build();
        new EnrichedTables(SharedFlussCluster.admin()).create(path, descriptor, false);
        return path;
    }

    /** {@code id@bucket:offset} of every base row in Fluss now, sorted. */
    private static List<String> expectedIdentities(TablePath path) throws Exception {
        List<String> expected = new ArrayList<>();
        for (StitchedRecord base : Enrich.baseRows(path)) {
            expected.add(base.row().getInt(0) + "@" + base.bucket().bucket() + ":" + base.offset());
        }
        expected.sort(null);
        return expected;
    }

    private TieredLakeView view(String format, TablePath path) throws Exception {
        return TieredLakeView.of(format, warehouse, path.getDatabaseName(), path.getTableName());
    }

    /** Polls until the lake holds at least {@code rows} rows, or fails at a deadline. */
    private static void awaitRowCount(TieredLakeView lake, int rows) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (lake.identities().size() < rows) {
            assertThat(System.nanoTime())
                    .as("the lake reaching %d rows", rows)
                    .isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /**
     * Polls until the lake holds every expected row and its offsets cover them all (nothing more
     * will be committed), or a deadline passes; returns the lake's identities then.
     */
    private static List<String> awaitTiered(TieredLakeView lake, List<String> expected)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        List<String> rows = lake.identities();
        while (System.nanoTime() < deadline
                && !(new HashSet<>(rows).containsAll(expected)
                        && lake.offsetSum() == expected.size())) {
            Thread.sleep(100);
            rows = lake.identities();
        }
        return rows;
    }

    private static String triggerSavepoint(JobClient job, Path savepoints) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                return job.triggerSavepoint(
                                savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
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
}
