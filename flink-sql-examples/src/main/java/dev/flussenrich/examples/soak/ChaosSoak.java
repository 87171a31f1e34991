/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.examples.ExampleMain;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.DatabaseDescriptor;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The chaos soak (operations.md): on a 3-server embedded Fluss cluster (replication 3) and a local
 * Flink, a partitioned table with hourly auto-partitioning gets base rows at a steady rate while
 * two groups' concise INSERTs, a gated streaming read and the enriched tiering run, and faults are
 * injected at random ({@link FaultInjector}, seeded). Then the appender stops, the jobs catch up,
 * and the soak checks lost = duplicated = partial = 0 in the stitched read and in the lake (over
 * the partitions that still exist), each watermark at the rows enriched, and no job failed. Exits
 * with status 1 if a check fails.
 *
 * <pre>mvn -B -q -Pdemo -Ddemo.main=dev.flussenrich.examples.soak.ChaosSoak
 *     "-Ddemo.jvmArgs=-Dsoak.duration=PT3M -Dsoak.seed=42" -DskipTests verify</pre>
 */
public final class ChaosSoak {

    private ChaosSoak() {}

    public static void main(String[] args) {
        ExampleMain.run(
                () -> {
                    SoakReport report = run(SoakSettings.fromSystemProperties(), System.out);
                    if (!report.passed()) {
                        System.exit(1);
                    }
                    // jobs of the local Flink may keep non-daemon threads
                    System.exit(0);
                });
    }

    /** Runs a soak, printing its log and report to {@code out}. */
    public static SoakReport run(SoakSettings settings, PrintStream out) throws Exception {
        long start = System.nanoTime();
        out.println("Chaos soak: " + settings);
        Path work = Files.createTempDirectory("fluss-enrich-soak");
        Configuration cluster = new Configuration();
        cluster.set(ConfigOptions.DEFAULT_REPLICATION_FACTOR, 3);
        cluster.set(ConfigOptions.AUTO_PARTITION_CHECK_INTERVAL, Duration.ofSeconds(10));
        try (EmbeddedFlussCluster fluss = EmbeddedFlussCluster.start(3, cluster);
                Connection connection = ConnectionFactory.createConnection(fluss.clientConfig())) {
            connection
                    .getAdmin()
                    .createDatabase(SoakTable.DATABASE, DatabaseDescriptor.EMPTY, true)
                    .get();
            SoakFlink flink = new SoakFlink(fluss.bootstrapServers());
            flink.sql(flink.environment(1, null)).executeSql(SoakTable.createTable());
            EnrichedTable table = new EnrichedTables(connection.getAdmin()).load(SoakTable.PATH);

            BaseRowAppender appender = new BaseRowAppender(appenderConfig(fluss), settings, out);
            appender.start();
            EnrichmentJobs jobs = new EnrichmentJobs(flink, work.resolve("savepoints"));
            jobs.startAll();
            StitchedReadCollector reader = new StitchedReadCollector(flink, out);
            SoakLake lake = new SoakLake(work.resolve("lake"));
            lake.start(flink, fluss.bootstrapServers());
            FaultInjector faults =
                    new FaultInjector(
                            settings,
                            fluss,
                            fluss.clientConfig(),
                            table,
                            jobs,
                            flink,
                            appender,
                            out);
            try {
                faults.run();
                appender.close();
                out.printf(
                        "Appender stopped at %,d rows; the jobs catch up%n",
                        appender.appendedRows());
                Connection checking = ConnectionFactory.createConnection(fluss.clientConfig());
                SoakChecker checker = new SoakChecker(checking, table, settings.catchUp());
                checker.awaitExpired(appender.expiringPartitions());
                Set<String> partitions = checker.existingPartitions();
                Set<Long> expected = appender.idsIn(partitions);
                Map<String, long[]> watermarks = checker.awaitWatermarks(partitions);
                SoakRows read = checker.awaitAll(reader::rows, expected);
                SoakRows lakeRows = checker.awaitAll(lake::read, expected);
                SoakReport report =
                        new SoakReport(
                                settings,
                                appender.appendedRows(),
                                appender.unknownIds().size(),
                                partitions.size(),
                                appender.expiredPartitions(partitions),
                                List.of(
                                        SoakChecker.count("stitched read", read, expected),
                                        SoakChecker.count("lake", lakeRows, expected)),
                                watermarks,
                                failures(flink, reader, appender),
                                faults.counts(),
                                faults.errors(),
                                (System.nanoTime() - start) / 1_000_000_000);
                report.print(out);
                checking.close();
                return report;
            } finally {
                appender.close();
                reader.close();
                flink.cancelAll();
            }
        }
    }

    /** Jobs that failed, and a reader or appender that stopped early. */
    private static List<String> failures(
            SoakFlink flink, StitchedReadCollector reader, BaseRowAppender appender)
            throws Exception {
        List<String> failures = new ArrayList<>(flink.failedJobs());
        if (reader.failure() != null) {
            failures.add("the gated reader's results: " + reader.failure());
        }
        if (appender.failure() != null) {
            failures.add("the appender: " + appender.failure());
        }
        return failures;
    }

    /** The appender's client: no partition created on the fly (an expired one stays gone). */
    private static Configuration appenderConfig(EmbeddedFlussCluster fluss) {
        Configuration conf = fluss.clientConfig();
        conf.set(ConfigOptions.CLIENT_WRITER_DYNAMIC_CREATE_PARTITION_ENABLED, false);
        return conf;
    }
}
