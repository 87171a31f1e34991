/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.testutils.EnrichmentProgress;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.flussenrich.testutils.FlinkSql.collect;
import static org.assertj.core.api.Assertions.assertThat;

/** Streaming enrichment jobs through failures, restarts and concurrency: exactly once. */
@ExtendWith(SharedFlussCluster.class)
class EnrichmentJobITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    private static final int BUCKETS = 2;

    /** Tags an IP; throws once when the armed call count is reached. */
    public static class Tag extends ScalarFunction {
        static final AtomicInteger CALLS = new AtomicInteger();
        static final AtomicInteger FAIL_AT = new AtomicInteger(-1);
        static final AtomicBoolean FAILED = new AtomicBoolean();
        static volatile String prefix = "city-";

        public String eval(String ip) throws InterruptedException {
            int call = CALLS.incrementAndGet();
            if (call == FAIL_AT.get() && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("injected failure at call " + call);
            }
            if (FAIL_AT.get() > 0) {
                Thread.sleep(2); // spread the work over a few checkpoints
            }
            return prefix + ip;
        }

        static void reset(String newPrefix, int failAt) {
            CALLS.set(0);
            FAIL_AT.set(failAt);
            FAILED.set(false);
            prefix = newPrefix;
        }
    }

    private static String createTable(TableEnvironment tEnv) {
        String table = SharedFlussCluster.newTablePath("jobs").getTableName();
        tEnv.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, score DOUBLE) WITH ('bucket.num' = '"
                        + BUCKETS
                        + "', 'bucket.key' = 'id', 'column-groups.geo' = 'city',"
                        + " 'column-groups.risk' = 'score')");
        return table;
    }

    private static void appendBase(String table, int from, int to) throws Exception {
        try (Table base =
                SharedFlussCluster.connection()
                        .getTable(TablePath.of(SharedFlussCluster.DATABASE, table))) {
            AppendWriter writer = base.newAppend().createWriter();
            for (int id = from; id < to; id++) {
                writer.append(GenericRow.of(id, BinaryString.fromString("ip" + id)));
            }
            writer.flush();
        }
    }

    private static String enrichGeo(String table, boolean resumeAtWatermark) {
        String sourceHint =
                resumeAtWatermark
                        ? " /*+ OPTIONS('scan.startup.mode' = 'enrichment-watermark',"
                                + " 'scan.startup.enrichment.group' = 'geo') */"
                        : "";
        return "INSERT INTO "
                + table
                + " /*+ OPTIONS('enrichment.group' = 'geo') */ (_bucket, _offset, city)"
                + " SELECT _bucket, _offset, tag(ip) FROM "
                + table
                + sourceHint;
    }

    private static String enrichRisk(String table) {
        return "INSERT INTO "
                + table
                + " /*+ OPTIONS('enrichment.group' = 'risk') */ (_bucket, _offset, score)"
                + " SELECT _bucket, _offset, CAST(id AS DOUBLE) / 10 FROM "
                + table;
    }

    private static TableEnvironment streaming(Configuration conf) {
        TableEnvironment tEnv = FlinkSql.streaming(conf);
        tEnv.createTemporarySystemFunction("tag", Tag.class);
        return tEnv;
    }

    private static void awaitFullyEnriched(String table, String group) throws Exception {
        EnrichmentProgress.awaitFullyEnriched(
                TablePath.of(SharedFlussCluster.DATABASE, table), group);
    }

    private static long companionRows(String table, String group) {
        return EnrichmentProgress.companionRows(
                TablePath.of(SharedFlussCluster.DATABASE, table), group);
    }

    /** A job that restarts up to three times, 100 ms apart: for the injected failures. */
    private static Configuration restartingThrice() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        return conf;
    }

    private static void cancel(TableResult job) throws Exception {
        job.getJobClient().orElseThrow().cancel().get();
    }

    @Test
    void aTaskFailureMidEnrichmentStillEnrichesEveryRowExactlyOnce() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createTable(batch);
        appendBase(table, 0, 400);
        Tag.reset("city-", 250);

        TableResult job = streaming(restartingThrice()).executeSql(enrichGeo(table, false));
        try {
            awaitFullyEnriched(table, "geo");
        } finally {
            cancel(job);
        }
        assertThat(Tag.FAILED).as("the injected failure happened").isTrue();
        List<String> rows = collect(batch, "SELECT id, ip, city FROM " + table);
        assertThat(rows).hasSize(400);
        assertThat(rows).allMatch(row -> row.matches("\\+I\\[(\\d+), ip\\1, city-ip\\1\\]"));
        assertThat(companionRows(table, "geo")).as("no duplicate was written").isEqualTo(400);
    }

    /**
     * Fault: the projection of a job writing two groups in one INSERT throws once mid-stream, so
     * both groups' writers restart from the last checkpoint and replay. Each group must hold every
     * row once: lost 0, duplicated 0, partial 0.
     */
    @Test
    void aTaskFailureInAJobWritingTwoGroupsStillWritesEachExactlyOnce() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createTable(batch);
        appendBase(table, 0, 400);
        Tag.reset("city-", 250);

        TableResult job =
                streaming(restartingThrice())
                        .executeSql(
                                "INSERT INTO "
                                        + table
                                        + " /*+ OPTIONS('enrichment.group' = 'geo, risk') */"
                                        + " (_bucket, _offset, city, score)"
                                        + " SELECT _bucket, _offset, tag(ip), CAST(id AS DOUBLE) /"
                                        + " 10 FROM "
                                        + table);
        try {
            awaitFullyEnriched(table, "geo");
            awaitFullyEnriched(table, "risk");
        } finally {
            cancel(job);
        }
        assertThat(Tag.FAILED).as("the injected failure happened").isTrue();
        List<String> rows = collect(batch, "SELECT id, ip, city, score FROM " + table);
        List<String> complete = new ArrayList<>();
        for (int id = 0; id < 400; id++) {
            complete.add("+I[" + id + ", ip" + id + ", city-ip" + id + ", " + id / 10.0 + "]");
        }
        assertThat(rows).as("lost 0, partial 0").containsExactlyInAnyOrderElementsOf(complete);
        assertThat(companionRows(table, "geo")).as("geo: duplicated 0").isEqualTo(400);
        assertThat(companionRows(table, "risk")).as("risk: duplicated 0").isEqualTo(400);
    }

    @Test
    void aResubmittedJobContinuesExactlyAtTheEnrichmentWatermark() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createTable(batch);
        appendBase(table, 0, 100);
        Tag.reset("first-", -1);
        TableResult first = streaming(new Configuration()).executeSql(enrichGeo(table, true));
        try {
            awaitFullyEnriched(table, "geo");
        } finally {
            cancel(first);
        }
        assertThat(Tag.CALLS).hasValue(100);

        appendBase(table, 100, 150);
        Tag.reset("second-", -1);
        TableResult second = streaming(new Configuration()).executeSql(enrichGeo(table, true));
        try {
            awaitFullyEnriched(table, "geo");
        } finally {
            cancel(second);
        }
        assertThat(Tag.CALLS).as("the second job read only rows past the watermark").hasValue(50);
        List<String> rows = collect(batch, "SELECT id, city FROM " + table);
        assertThat(rows).hasSize(150);
        for (String row : rows) {
            int id = Integer.parseInt(row.substring(3, row.indexOf(',')));
            assertThat(row)
                    .isEqualTo(
                            "+I["
                                    + id
                                    + ", "
                                    + (id < 100 ? "first-" : "second-")
                                    + "ip"
                                    + id
                                    + "]");
        }
        assertThat(companionRows(table, "geo")).isEqualTo(150);
    }

    @Test
    void twoGroupsWrittenByTwoJobsAndAReaderOfBothGatesOnTheSlower() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createTable(batch);
        appendBase(table, 0, 60);
        Tag.reset("city-", -1);
        TableEnvironment streaming = streaming(new Configuration());
        TableResult geo = streaming.executeSql(enrichGeo(table, true));
        TableResult risk = streaming.executeSql(enrichRisk(table));
        try {
            awaitFullyEnriched(table, "geo");
            awaitFullyEnriched(table, "risk");
            cancel(risk);
            appendBase(table, 60, 80);
            awaitFullyEnriched(table, "geo");
        } finally {
            cancel(geo);
            if (!risk.getJobClient().orElseThrow().getJobStatus().get().isGloballyTerminalState()) {
                cancel(risk);
            }
        }
        assertThat(collect(batch, "SELECT id, city, score FROM " + table))
                .hasSize(60)
                .allMatch(row -> row.matches("\\+I\\[(\\d+), city-ip\\1, \\d+\\.\\d+\\]"));
        assertThat(collect(batch, "SELECT id, city FROM " + table)).hasSize(80);
        assertThat(collect(batch, "SELECT id FROM " + table)).hasSize(80);
    }
}
