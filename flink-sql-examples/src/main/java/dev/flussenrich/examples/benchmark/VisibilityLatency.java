/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.read.StitchedScanner;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.config.Configuration;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.BUCKETS;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.GROUPS;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.PARALLELISM;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.table;

/**
 * Measurement 5, visibility latency: from a base row's append to A (stamped with its append time)
 * to its enriched row leaving a stitched reader, the enrichment job running, against its copy
 * leaving a reader of B, the copy job running (with Fluss's client defaults and with fluss-enrich's
 * fetch wait). Each side appends {@code LATENCY_ROWS} new rows.
 */
final class VisibilityLatency {
    private static final int LATENCY_ROWS = 5_000;

    private final BenchmarkSetup setup;
    private final StampedRowAppender appender;

    VisibilityLatency(BenchmarkSetup setup) {
        this.setup = setup;
        this.appender = new StampedRowAppender(setup, LATENCY_ROWS);
    }

    void measure() throws Exception {
        Hops hops = new Hops();
        double[] enrichLatency = percentiles(withEnrichmentJob(hops));
        double[] appendHop = percentiles(hops.appendToBaseCommit);
        double[] enrichHop = percentiles(hops.baseCommitToComplete);
        double[] readHop = percentiles(hops.completeToRead);
        double[] copyLatency = percentiles(withCopyJob(null));
        double[] tunedCopyLatency =
                percentiles(withCopyJob(FlussConnectionConfig.DEFAULT_FETCH_WAIT_MAX_TIME));
        BenchmarkReport report = setup.report();
        report.ratio(
                "visibility latency p50 ms",
                enrichLatency[0],
                copyLatency[0],
                "ms",
                Double.NaN,
                false);
        report.ratio(
                "visibility latency p99 ms",
                enrichLatency[1],
                copyLatency[1],
                "ms",
                Double.NaN,
                false);
        report.ratio(
                "visibility p99 ms vs copy, both fetch waits 50 ms",
                enrichLatency[1],
                tunedCopyLatency[1],
                "ms",
                Targets.VISIBILITY_VS_COPY,
                false);
        report.absolute(
                "fluss-enrich visibility p99 ms", enrichLatency[1], Targets.VISIBILITY_P99_MS);
        report.absolute("  of which append to base commit, p50 ms", appendHop[0]);
        report.absolute("  of which append to base commit, p99 ms", appendHop[1]);
        report.absolute("  base commit to last companion commit, p50 ms", enrichHop[0]);
        report.absolute("  base commit to last companion commit, p99 ms", enrichHop[1]);
        report.absolute("  last companion commit to stitched read, p50 ms", readHop[0]);
        report.absolute("  last companion commit to stitched read, p99 ms", readHop[1]);
    }

    /**
     * Each row's time per hop (ms): the producer's append until the base commit; the base commit
     * until the last group's companion commit (the enrichment job: its fetch, the function, its
     * writer); that commit until the stitched reader emits the row (the reader's fetches).
     */
    private static final class Hops {
        final List<Double> appendToBaseCommit = new ArrayList<>();
        final List<Double> baseCommitToComplete = new ArrayList<>();
        final List<Double> completeToRead = new ArrayList<>();
    }

    /** A row the stitched reader emitted: where, its base commit and when it was read. */
    private record Read(int bucket, long offset, long baseCommit, long readAt) {}

    /** A streaming SQL environment of its own, checkpointing every second, with both catalogs. */
    private TableEnvironment streamingSql() {
        String servers = setup.fluss().bootstrapServers();
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.getConfig().set("parallelism.default", String.valueOf(PARALLELISM));
        tEnv.getConfig().set("execution.checkpointing.interval", "1 s");
        String bufferTimeout = System.getProperty("benchmark.buffer-timeout");
        if (bufferTimeout != null) {
            tEnv.getConfig().set("execution.buffer-timeout.interval", bufferTimeout);
        }
        tEnv.executeSql(
                "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                        + servers
                        + "')");
        tEnv.executeSql(
                "CREATE CATALOG fluss WITH ('type' = 'fluss', 'bootstrap.servers' = '"
                        + servers
                        + "')");
        tEnv.createTemporarySystemFunction("embed", Embedding.class);
        return tEnv;
    }

    /**
     * The latencies (ms) with the fluss-enrich enrichment job and a stitched reader; adds each
     * row's time per hop to {@code hops}.
     */
    private List<Double> withEnrichmentJob(Hops hops) throws Exception {
        TableEnvironment tEnv = streamingSql();
        List<TableResult> jobs = new ArrayList<>();
        for (BenchmarkSchema.Group group : GROUPS) {
            jobs.add(
                    tEnv.executeSql(
                            group.insert(
                                    " /*+ OPTIONS('scan.startup.mode' ="
                                            + " 'enrichment-watermark',"
                                            + " 'scan.startup.enrichment.group' = '"
                                            + group.name()
                                            + "') */")));
        }
        Connection connection = setup.connection();
        EnrichedTable table = new EnrichedTables(connection.getAdmin()).load(table("a"));
        List<Double> latencies = new ArrayList<>();
        List<String> columns = new ArrayList<>(List.of("c1"));
        columns.addAll(BenchmarkSchema.enrichmentColumns());
        // A reader as fluss-enrich's sources connect: with the connector's client defaults.
        try (Connection readerConnection =
                        FlussConnectionConfig.of(setup.fluss().bootstrapServers(), Map.of())
                                .connect();
                StitchedScanner reader = new StitchedScanner(readerConnection, table, columns);
                CompanionCommits companions = new CompanionCommits(connection, table, BUCKETS)) {
            reader.subscribeAll(StartPosition.latest(), false);
            Thread producer = appender.start();
            List<Read> reads = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (latencies.size() < LATENCY_ROWS && System.nanoTime() < deadline) {
                for (StitchedRecord record : reader.poll(Duration.ofMillis(50))) {
                    long readAt = System.currentTimeMillis();
                    long appended = record.row().getLong(0);
                    latencies.add((double) (readAt - appended));
                    hops.appendToBaseCommit.add((double) (record.timestamp() - appended));
                    reads.add(
                            new Read(
                                    record.bucket().bucket(),
                                    record.offset(),
                                    record.timestamp(),
                                    readAt));
                }
                companions.poll(Duration.ZERO);
            }
            producer.join();
            splitIntoHops(reads, companions, hops);
        } finally {
            for (TableResult job : jobs) {
                job.getJobClient().orElseThrow().cancel().get();
            }
        }
        return latencies;
    }

    /** The companion commits of rows read before them may still be on their way: reads them. */
    private static void splitIntoHops(List<Read> reads, CompanionCommits companions, Hops hops) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        for (Read read : reads) {
            Long complete = companions.completedAt(read.bucket(), read.offset());
            while (complete == null && System.nanoTime() < deadline) {
                companions.poll(Duration.ofMillis(50));
                complete = companions.completedAt(read.bucket(), read.offset());
            }
            if (complete != null) {
                hops.baseCommitToComplete.add((double) (complete - read.baseCommit()));
                hops.completeToRead.add((double) (read.readAt() - complete));
            }
        }
    }

    /**
     * The latencies (ms) with the copy job A -> B and a plain reader of B, with Fluss's client
     * defaults or, given {@code fetchWait}, with that fetch wait on its source and reader.
     */
    private List<Double> withCopyJob(String fetchWait) throws Exception {
        String fetchWaitOption =
                fetchWait == null
                        ? ""
                        : ", 'client.scanner.log.fetch.wait-max-time' = '" + fetchWait + "'";
        Configuration readerConf = setup.fluss().clientConfig();
        if (fetchWait != null) {
            readerConf.setString("client.scanner.log.fetch.wait-max-time", fetchWait);
        }
        TableResult job =
                streamingSql()
                        .executeSql(
                                "INSERT INTO fluss.bench.b SELECT "
                                        + setup.schema().baseColumnList()
                                        + ", "
                                        + BenchmarkSchema.enrichmentExpressions()
                                        + " FROM fluss.bench.a /*+ OPTIONS('scan.startup.mode' ="
                                        + " 'latest', '"
                                        + BenchmarkSchema.FETCH_SIZE_KEY
                                        + "' = '"
                                        + BenchmarkSchema.FETCH_SIZE
                                        + "'"
                                        + fetchWaitOption
                                        + ") */");
        List<Double> latencies = new ArrayList<>();
        List<String> columns = List.of("c1", BenchmarkSchema.enrichmentColumns().get(0));
        try (Connection readerConnection = ConnectionFactory.createConnection(readerConf);
                Table b = readerConnection.getTable(table("b"));
                LogScanner reader = b.newScan().project(columns).createLogScanner()) {
            Thread.sleep(3_000); // let the copy job reach 'latest' before rows flow
            BucketOffsets offsets = new BucketOffsets(setup.connection());
            for (int bucket = 0; bucket < BUCKETS; bucket++) {
                reader.subscribe(
                        bucket, offsets.highWatermark(table("b"), EnrichedBucket.of(bucket)));
            }
            Thread producer = appender.start();
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (latencies.size() < LATENCY_ROWS && System.nanoTime() < deadline) {
                for (ScanRecord record : reader.poll(Duration.ofMillis(50))) {
                    latencies.add(
                            (double) (System.currentTimeMillis() - record.getRow().getLong(0)));
                }
            }
            producer.join();
        } finally {
            job.getJobClient().orElseThrow().cancel().get();
        }
        return latencies;
    }

    /** p50 and p99 (NaN for none). */
    static double[] percentiles(List<Double> latencies) {
        if (latencies.isEmpty()) {
            return new double[] {Double.NaN, Double.NaN};
        }
        List<Double> sorted = new ArrayList<>(latencies);
        sorted.sort(Double::compare);
        return new double[] {
            sorted.get((int) (sorted.size() * 0.50)),
            sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * 0.99)))
        };
    }
}
