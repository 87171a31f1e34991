/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.examples.ExampleMain;

import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * fluss-enrich against the copy pipeline (log table A -> enrichment job -> log table B), side by
 * side in one run on an embedded Fluss cluster and a local Flink. Prints a table of both sides and
 * their ratios and writes the same to {@code target/benchmark-results.json}.
 *
 * <p>The measurements run in this order, each in its own class: {@link WriteThroughput} (1), {@link
 * StoredBytes} (2), {@link ReadThroughput} (3, 4), {@link PeakHeap} (6, from the runs of 1 and 3),
 * {@link LakeTiering} (7) and {@link VisibilityLatency} (5). {@link BenchmarkSetup} holds what they
 * share, {@link BenchmarkSettings} the {@code -Dbenchmark.*} properties.
 *
 * <pre>mvn -B -q -Pdemo -Ddemo.main=dev.flussenrich.examples.benchmark.EnrichmentBenchmark
 *     -Ddemo.jvmArgs=-Dbenchmark.rows=500000 -DskipTests verify</pre>
 */
public final class EnrichmentBenchmark {

    private final BenchmarkSetup setup;
    private final StreamingInsertTimer timer;

    private EnrichmentBenchmark(BenchmarkSetup setup) {
        this.setup = setup;
        this.timer = new StreamingInsertTimer(setup);
    }

    public static void main(String[] args) {
        ExampleMain.run(
                () -> {
                    try (EmbeddedFlussCluster fluss =
                                    EmbeddedFlussCluster.start(
                                            BenchmarkSettings.TABLET_SERVERS, replicated());
                            BenchmarkSetup setup =
                                    new BenchmarkSetup(BenchmarkSettings.ROWS, fluss)) {
                        new EnrichmentBenchmark(setup).run();
                    }
                });
    }

    /**
     * Every table replicated to each tablet server (see {@link BenchmarkSettings#TABLET_SERVERS}).
     */
    private static Configuration replicated() {
        Configuration conf = new Configuration();
        conf.set(ConfigOptions.DEFAULT_REPLICATION_FACTOR, BenchmarkSettings.TABLET_SERVERS);
        return conf;
    }

    private void run() throws Exception {
        refuseUnpartitionedOnlyModes();
        setup.createTables();
        if (Boolean.getBoolean("benchmark.appends-only")) {
            new AppendPaths(setup).measure(BenchmarkSettings.REPETITIONS);
            return;
        }
        long baseBytes = setup.loadBaseRows();
        if (Boolean.getBoolean("benchmark.scanner-only")) {
            new ScannerReads(setup).measure(timer, BenchmarkSettings.REPETITIONS);
            return;
        }
        if (Boolean.getBoolean("benchmark.visibility-only")) {
            setup.enrichAndCopyOnce(timer);
            new VisibilityLatency(setup).measure();
            setup.report().print(System.out, setup.rows());
            return;
        }
        if (Boolean.getBoolean("benchmark.reads-only")) {
            setup.enrichAndCopyOnce(timer);
            PeakHeap.reportReads(setup.report(), new ReadThroughput(setup, timer).measure());
            setup.report().print(System.out, setup.rows());
            return;
        }
        WriteThroughput writes = new WriteThroughput(setup, timer).measure();
        if (Boolean.getBoolean("benchmark.writes-only")) {
            new StoredBytes(setup).measure(baseBytes, writes);
            PeakHeap.reportWrites(setup.report(), writes);
            setup.report().print(System.out, setup.rows());
            return;
        }
        if (BenchmarkSettings.TIERING_ONLY) {
            new LakeTiering(setup).measure();
            setup.report().print(System.out, setup.rows());
            return;
        }
        new StoredBytes(setup).measure(baseBytes, writes);
        ReadThroughput reads = new ReadThroughput(setup, timer).measure();
        PeakHeap.reportWrites(setup.report(), writes);
        PeakHeap.reportReads(setup.report(), reads);
        if (BenchmarkSettings.PARTITIONING.enabled()) {
            System.out.println(
                    "Lake tiering and visibility are measured on unpartitioned tables only: left"
                            + " out with benchmark.partitions.");
        } else {
            new LakeTiering(setup).measure();
            new VisibilityLatency(setup).measure();
        }
        printAndWriteReport();
    }

    /** The read path without Flink, tiering and visibility know unpartitioned tables only. */
    private static void refuseUnpartitionedOnlyModes() {
        if (!BenchmarkSettings.PARTITIONING.enabled()) {
            return;
        }
        for (String mode :
                new String[] {
                    "benchmark.scanner-only", "benchmark.visibility-only", "benchmark.tiering-only"
                }) {
            if (Boolean.getBoolean(mode)) {
                throw new IllegalArgumentException(
                        mode
                                + " measures unpartitioned tables only; leave out"
                                + " benchmark.partitions, or use benchmark.reads-only or the"
                                + " full run");
            }
        }
    }

    private void printAndWriteReport() throws Exception {
        setup.report().print(System.out, setup.rows());
        Path json = Path.of("target", "benchmark-results.json");
        Files.createDirectories(json.getParent());
        Files.writeString(json, setup.report().toJson(setup.rows()));
        System.out.println("Wrote " + json.toAbsolutePath());
    }
}
