/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.progress.EnrichmentWatermarks;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.OwnFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault: the leader of a base bucket dies while a Flink SQL enrichment job and a gated streaming
 * reader job run (3 tablet servers, replication factor 3). Both go on; every row is enriched once
 * and read once, whole.
 */
class SqlJobsLeaderFailoverITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    private static final int ROWS = 1_200;
    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @RegisterExtension
    static final OwnFlussCluster FLUSS =
            OwnFlussCluster.builder()
                    .tabletServers(3)
                    .config(ConfigOptions.DEFAULT_REPLICATION_FACTOR, 3)
                    .database("failover")
                    .build();

    private static StreamTableEnvironment streaming() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        // as a production job would: keep restarting while Fluss elects new leaders
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 60);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofSeconds(1));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(200);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.executeSql(
                "CREATE CATALOG failover_catalog WITH ('type' = 'fluss-enrich',"
                        + " 'bootstrap.servers' = '"
                        + FLUSS.bootstrapServers()
                        + "', 'default-database' = 'failover')");
        tEnv.useCatalog("failover_catalog");
        return tEnv;
    }

    private static void awaitFullyEnriched(EnrichedTable table) throws Exception {
        EnrichmentWatermarks watermarks = new EnrichmentWatermarks(FLUSS.connection(), table);
        BucketOffsets offsets = new BucketOffsets(FLUSS.connection().getAdmin());
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            boolean done = true;
            for (int b = 0; b < table.numBuckets(); b++) {
                EnrichedBucket bucket = EnrichedBucket.of(b);
                done &=
                        watermarks.watermark("geo", bucket)
                                == offsets.highWatermark(table.tablePath(), bucket);
            }
            if (done) {
                return;
            }
            assertThat(System.nanoTime()).as("fully enriched").isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    private static void awaitEnrichedRows(EnrichedTable table, long rows) throws Exception {
        EnrichmentWatermarks watermarks = new EnrichmentWatermarks(FLUSS.connection(), table);
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            long enriched = 0;
            for (int b = 0; b < table.numBuckets(); b++) {
                enriched += watermarks.watermark("geo", EnrichedBucket.of(b));
            }
            if (enriched >= rows) {
                return;
            }
            assertThat(System.nanoTime()).as("enrichment started").isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    @Test
    void enrichmentAndGatedReaderJobsSurviveTheDeathOfABaseLeader() throws Exception {
        TablePath path = TablePath.of("failover", "device_logs");
        EnrichedTable table = TestTables.createDeviceLogs(FLUSS.connection(), path, 3);
        TestTables.appendBase(FLUSS.connection(), path, 0, ROWS / 2);

        StreamTableEnvironment tEnv = streaming();
        TableResult enrichment =
                tEnv.executeSql(
                        "INSERT INTO device_logs /*+ OPTIONS('enrichment.group' = 'geo') */"
                                + " (_bucket, _offset, city) SELECT _bucket, _offset,"
                                + " CONCAT('city', CAST(id AS STRING)) FROM device_logs /*+"
                                + " OPTIONS('scan.startup.mode' = 'enrichment-watermark',"
                                + " 'scan.startup.enrichment.group' = 'geo') */");
        TableResult reader = streaming().executeSql("SELECT id, city FROM device_logs");
        CompletableFuture<List<Row>> read =
                CompletableFuture.supplyAsync(
                        () -> {
                            List<Row> rows = new ArrayList<>();
                            try (CloseableIterator<Row> it = reader.collect()) {
                                while (rows.size() < ROWS) {
                                    rows.add(it.next());
                                }
                            } catch (Exception e) {
                                throw new RuntimeException(e);
                            }
                            return rows;
                        });
        try {
            awaitEnrichedRows(table, ROWS / 4); // the jobs run
            TableBucket baseBucket = new TableBucket(table.base().getTableId(), 0);
            int leader = FLUSS.cluster().leaderOf(baseBucket);
            FLUSS.cluster().stopTabletServer(leader);
            // the producer's own connection learns of the dead server like any Fluss client
            FlussCalls.retrying(
                    () -> {
                        try {
                            TestTables.appendBase(FLUSS.connection(), path, ROWS / 2, ROWS);
                            return null;
                        } catch (Exception e) {
                            throw new RuntimeException(e);
                        }
                    });
            awaitFullyEnriched(table);
            List<Row> rows = read.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertThat(FLUSS.cluster().leaderOf(baseBucket)).isNotEqualTo(leader);

            // lost = 0, duplicated = 0, partial = 0
            Set<Integer> ids = new HashSet<>();
            for (Row row : rows) {
                int id = (Integer) row.getField(0);
                assertThat(row.getField(1)).as("city of %d", id).isEqualTo("city" + id);
                assertThat(ids.add(id)).as("row %d once", id).isTrue();
            }
            assertThat(ids).hasSize(ROWS);
            assertThat(
                            TestTables.readBounded(
                                    FLUSS.connection(),
                                    table,
                                    dev.flussenrich.core.read.StartPosition.earliest(),
                                    "id",
                                    "city"))
                    .hasSize(ROWS);
            long stored = 0;
            for (int b = 0; b < table.numBuckets(); b++) {
                stored +=
                        new BucketOffsets(FLUSS.connection().getAdmin())
                                .highWatermark(
                                        table.requireGroup("geo").companionPath(),
                                        EnrichedBucket.of(b));
            }
            assertThat(stored).as("companion rows stored = base rows").isEqualTo(ROWS);
        } finally {
            enrichment.getJobClient().get().cancel().get();
            reader.getJobClient().get().cancel();
        }
    }
}
