/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.testutils.FailOnce;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;

import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

/** The union read: a lake snapshot, then the Fluss log from the offsets it recorded. */
@ExtendWith(SharedFlussCluster.class)
class UnionReadITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    private static final String OLD = "2026-11-30";
    private static final String NEW = "2026-12-01";

    @TempDir Path warehouse;

    private static StreamExecutionEnvironment env() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(200);
        return env;
    }

    /** Tiers everything complete now, as a bounded job, and waits for it. */
    private void tierOnce(TablePath path) throws Exception {
        StreamExecutionEnvironment env = env();
        FlussEnrichLake.tiering()
                .setBootstrapServers(SharedFlussCluster.cluster().bootstrapServers())
                .setTable(path.getDatabaseName(), path.getTableName())
                .setWarehouse(warehouse.toUri().toString())
                .setBounded(true)
                .addTo(env);
        env.execute("tier once");
    }

    private UnionReadBuilder unionRead(TablePath path) {
        return FlussEnrichLake.unionRead()
                .setBootstrapServers(SharedFlussCluster.cluster().bootstrapServers())
                .setTable(path.getDatabaseName(), path.getTableName())
                .setWarehouse(warehouse.toUri().toString());
    }

    private static void appendDays(TablePath path, int from, int to) throws Exception {
        try (Table base = SharedFlussCluster.connection().getTable(path)) {
            AppendWriter writer = base.newAppend().createWriter();
            for (int id = from; id < to; id++) {
                writer.append(GenericRow.of(id, BinaryString.fromString(id < 4 ? OLD : NEW)));
            }
            writer.flush();
        }
    }

    /** id, then the identity the row was emitted with. */
    private static String identity(int id, int bucket, long offset) {
        return id + "@" + bucket + ":" + offset;
    }

    private static List<String> baseIdentities(TablePath path) throws Exception {
        List<String> expected = new ArrayList<>();
        for (StitchedRecord base : Enrich.baseRows(path)) {
            expected.add(identity(base.row().getInt(0), base.bucket().bucket(), base.offset()));
        }
        return expected;
    }

    @Test
    void aBoundedUnionReadReturnsTheLakeThenTheLogEachRowOnceEvenForAnExpiredPartition()
            throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = SharedFlussCluster.newTablePath("union_days");
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(path, TestTables.partitionedByDay(2), false);
        PartitionCreator partitions =
                new PartitionCreator(
                        connection.getAdmin(), connection.getAdmin().getTableInfo(path).get());
        partitions.ensure(OLD);
        partitions.ensure(NEW);
        appendDays(path, 0, 8);
        Enrich.group(path, "geo", id -> true);
        List<String> tieredIdentities = baseIdentities(path);

        tierOnce(path);
        FileStoreTable lake =
                PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
        assertThat(lake.partitionKeys()).containsExactly("dt");
        assertThat(PaimonReads.rows(lake)).hasSize(8).allMatch(r -> r.contains("city=city-"));
        Map<String, String> properties = PaimonReads.snapshotProperties(lake);
        long inLake = 0;
        for (String day : List.of(OLD, NEW)) {
            for (int b = 0; b < 2; b++) {
                inLake +=
                        Long.parseLong(
                                properties.getOrDefault(
                                        "fluss-enrich.offset." + day + "/" + b, "0"));
            }
        }
        assertThat(inLake).as("lake offsets over both days' buckets").isEqualTo(8);

        // The old day expires in Fluss; its rows live on in the lake. New rows reach Fluss only.
        PartitionSpec oldDay = new PartitionSpec(Map.of("dt", OLD));
        connection.getAdmin().dropPartition(path, oldDay, false).get();
        connection
                .getAdmin()
                .dropPartition(tables.load(path).requireGroup("geo").companionPath(), oldDay, false)
                .get();
        appendDays(path, 8, 12);
        Enrich.group(path, "geo", id -> id >= 8);
        List<String> expected = new ArrayList<>(tieredIdentities);
        for (String identity : baseIdentities(path)) {
            if (!expected.contains(identity)) {
                expected.add(identity);
            }
        }

        StreamExecutionEnvironment env = env();
        List<String> read = new ArrayList<>();
        try (CloseableIterator<RowData> rows =
                unionRead(path).setBounded(true).addTo(env).executeAndCollect()) {
            rows.forEachRemaining(
                    row -> {
                        assertThat(row.getString(2).toString()).isEqualTo("city-" + row.getInt(0));
                        read.add(identity(row.getInt(0), row.getInt(3), row.getLong(4)));
                    });
        }
        assertThat(read).hasSize(12).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void aStreamingUnionReadGoesOnWithTheLogAndGatesAsEverywhere() throws Exception {
        TablePath path = Enrich.deviceLogs("union_stream", 6);
        Enrich.group(path, "geo", id -> true);
        Enrich.group(path, "risk", id -> true);
        tierOnce(path);
        FileStoreTable lake =
                PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
        assertThat(PaimonReads.rows(lake)).hasSize(6);

        // Rows 6..9 in the log; 8 and 9 wait for their risk score.
        TestTables.appendBase(SharedFlussCluster.connection(), path, 6, 10);
        Enrich.group(path, "geo", id -> id >= 6);
        Enrich.group(path, "risk", id -> id >= 6 && id < 8);

        List<String> read = new ArrayList<>();
        StreamExecutionEnvironment env = env();
        try (CloseableIterator<RowData> rows = unionRead(path).addTo(env).executeAndCollect()) {
            while (read.size() < 8) {
                read.add(describe(rows.next()));
            }
            assertThat(read)
                    .extracting(r -> r.split(" ")[0])
                    .containsExactlyInAnyOrder("0", "1", "2", "3", "4", "5", "6", "7");

            Enrich.group(path, "risk", id -> id >= 8);
            TestTables.appendBase(SharedFlussCluster.connection(), path, 10, 12);
            Enrich.group(path, "geo", id -> id >= 10);
            Enrich.group(path, "risk", id -> id >= 10);
            while (read.size() < 12) {
                read.add(describe(rows.next()));
            }
        }
        assertThat(read).containsExactlyInAnyOrderElementsOf(expectedRows(path));
    }

    /**
     * A task of a bounded union read fails once, at the {@code failAt}-th row: 3 is in the lake
     * part (6 rows), 9 in the log part (6 more rows). The job restarts from its last checkpoint, or
     * from the start if it had none; every row arrives once, whole.
     */
    @ParameterizedTest(name = "failure at row {0}")
    @ValueSource(ints = {3, 9})
    void aTaskFailureInEitherPartLosesAndRepeatsNoRow(int failAt) throws Exception {
        TablePath path = Enrich.deviceLogs("union_failover_" + failAt, 6);
        Enrich.group(path, "geo", id -> true);
        Enrich.group(path, "risk", id -> true);
        tierOnce(path);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 6, 12);
        Enrich.group(path, "geo", id -> id >= 6);
        Enrich.group(path, "risk", id -> id >= 6);

        FailOnce.arm(failAt);
        StreamExecutionEnvironment env = env();
        env.configure(RESTART_ONCE);
        DataStream<String> rows =
                unionRead(path)
                        .setBounded(true)
                        .addTo(env)
                        .map(UnionReadITCase::describe)
                        .returns(Types.STRING)
                        .map(new FailOnce<String>())
                        .returns(Types.STRING);
        List<String> read = new ArrayList<>();
        try (CloseableIterator<String> results = rows.executeAndCollect("union read failover")) {
            results.forEachRemaining(read::add);
        }
        assertThat(FailOnce.failed()).as("the failure happened").isTrue();
        // lost = 0, duplicated = 0, partial = 0 (each row carries its own city and score)
        assertThat(read).hasSize(12).doesNotHaveDuplicates();
        assertThat(read).containsExactlyInAnyOrderElementsOf(expectedRows(path));
    }

    /**
     * A streaming union read at parallelism 1 fails once in the log part, before a checkpoint holds
     * its log splits: its only reader restarts into the lake part and reads it again, while the log
     * part's discovery runs every few milliseconds. Before the fix the discovery assigned log
     * splits to that reader while it read the lake part, Flink's hybrid reader failed on them
     * ("Split ... while current source is 0"), and the job failed again at every discovery: with
     * one restart allowed, the read failed. A partition created after the failover is read too.
     *
     * <p>Checkpoints come every second (the results reach the test only with one): the first may
     * complete while the reader is in the lake part, which restarts it there too, with the lake
     * split it held.
     */
    @Test
    @Timeout(180)
    void aReadAtParallelismOneRestartedInTheLogPartNeitherLoopsNorRepeatsARow() throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = SharedFlussCluster.newTablePath("union_p1_failover");
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(path, TestTables.partitionedByDay(2), false);
        PartitionCreator partitions =
                new PartitionCreator(
                        connection.getAdmin(), connection.getAdmin().getTableInfo(path).get());
        partitions.ensure(OLD);
        partitions.ensure(NEW);
        appendDays(path, 0, 8);
        Enrich.group(path, "geo", id -> true);
        tierOnce(path);
        appendDays(path, 8, 12);
        Enrich.group(path, "geo", id -> id >= 8);

        // Row 9 is the first of the log part (8 rows in the lake): the failure comes before a
        // checkpoint can hold the log splits, which would restart the reader in the log part.
        FailOnce.arm(9);
        StreamExecutionEnvironment env = env();
        env.setParallelism(1);
        env.enableCheckpointing(1_000);
        env.configure(RESTART_ONCE);
        DataStream<String> rows =
                unionRead(path)
                        .setPartitionDiscoveryInterval(Duration.ofMillis(5))
                        .addTo(env)
                        .map(UnionReadITCase::describeDay)
                        .returns(Types.STRING)
                        .map(new FailOnce<String>())
                        .returns(Types.STRING);
        List<String> read = new ArrayList<>();
        try (CloseableIterator<String> results = rows.executeAndCollect("union read p1 failover")) {
            readUpTo(12, results, read);
            assertThat(FailOnce.failed()).as("the failure happened").isTrue();

            String day3 = "2026-12-02";
            partitions.ensure(day3);
            try (Table base = connection.getTable(path)) {
                AppendWriter writer = base.newAppend().createWriter();
                for (int id = 12; id < 16; id++) {
                    writer.append(GenericRow.of(id, BinaryString.fromString(day3)));
                }
                writer.flush();
            }
            Enrich.group(path, "geo", id -> id >= 12);
            readUpTo(16, results, read);
        }
        List<String> expected = new ArrayList<>();
        for (StitchedRecord base : Enrich.baseRows(path)) {
            int id = base.row().getInt(0);
            expected.add(
                    id
                            + " "
                            + base.bucket().partitionName()
                            + " city-"
                            + id
                            + " "
                            + identity(id, base.bucket().bucket(), base.offset()));
        }
        assertThat(expected).hasSize(16);
        assertThat(read).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(expected);
    }

    /**
     * Adds rows to {@code read} until it holds {@code count}; a row that does not come within a
     * minute fails the test with the rows read so far, which names the part that stalled.
     */
    private static void readUpTo(int count, CloseableIterator<String> results, List<String> read)
            throws Exception {
        while (read.size() < count) {
            try {
                read.add(CompletableFuture.supplyAsync(results::next).get(1, TimeUnit.MINUTES));
            } catch (TimeoutException e) {
                throw new AssertionError(
                        "no row for a minute after " + read.size() + " of " + count + ": " + read);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
        }
    }

    /** id, day, city and identity of a union-read row of a table partitioned by day. */
    private static String describeDay(RowData row) {
        return row.getInt(0)
                + " "
                + row.getString(1)
                + " "
                + row.getString(2)
                + " "
                + identity(row.getInt(0), row.getInt(3), row.getLong(4));
    }

    private static final Configuration RESTART_ONCE = new Configuration();

    static {
        RESTART_ONCE.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        RESTART_ONCE.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 1);
        RESTART_ONCE.set(
                RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
    }

    /** Every base row of a device_logs table, described as {@link #describe} does. */
    private static List<String> expectedRows(TablePath path) throws Exception {
        List<String> expected = new ArrayList<>();
        for (StitchedRecord base : Enrich.baseRows(path)) {
            int id = base.row().getInt(0);
            expected.add(
                    id
                            + " city-"
                            + id
                            + " "
                            + (id / 10.0)
                            + " "
                            + identity(id, base.bucket().bucket(), base.offset())
                            + " "
                            + base.timestamp());
        }
        return expected;
    }

    /** id, city, score, identity and timestamp of a union-read row of a device_logs table. */
    private static String describe(RowData row) {
        return row.getInt(0)
                + " "
                + row.getString(2)
                + " "
                + row.getDouble(3)
                + " "
                + identity(row.getInt(0), row.getInt(4), row.getLong(5))
                + " "
                + row.getTimestamp(6, 3).getMillisecond();
    }
}
