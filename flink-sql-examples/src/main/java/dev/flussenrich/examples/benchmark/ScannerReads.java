/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedScanner;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.scanner.log.ScanRecords;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.GROUPS;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.table;

/**
 * The read path alone, without Flink ({@code -Dbenchmark.scanner-only=true}): a bounded {@link
 * StitchedScanner} of every column of A against Fluss's {@link LogScanner} of B, in pairs, and, as
 * the floor a stitched read cannot beat, plain scans of A's base and of its companions. Prints each
 * read's start-up (opening and subscribing, where a bounded read looks up its stop offsets) apart
 * from its whole time, and the most the stitched read held back in its merge buffer (its estimate
 * in bytes, what {@code scan.max-buffered-bytes} bounds, read after every poll): the part of a
 * stitched read's heap that reading B does not have, without the whole process's heap around it.
 */
final class ScannerReads {

    private static final Duration POLL = Duration.ofMillis(100);

    private final BenchmarkSetup setup;

    ScannerReads(BenchmarkSetup setup) {
        this.setup = setup;
    }

    /** Enriches A and copies it to B once (untimed), then times {@code pairs} pairs of reads. */
    void measure(StreamingInsertTimer timer, int pairs) throws Exception {
        setup.enrichAndCopyOnce(timer);
        // The same client options as fluss-enrich's Flink readers (and so the benchmark's reads).
        FlussConnectionConfig config =
                FlussConnectionConfig.of(setup.fluss().bootstrapServers(), Map.of()).forReaders();
        try (Connection connection = ConnectionFactory.createConnection(config.toConfiguration())) {
            measure(connection, pairs);
        }
    }

    private void measure(Connection connection, int pairs) throws Exception {
        EnrichedTable a = new EnrichedTables(connection.getAdmin()).load(table("a"));
        List<String> columns = List.of(setup.schema().allColumnList().split(", "));
        List<Double> ratios = new ArrayList<>();
        List<Double> startUps = new ArrayList<>();
        List<Double> peakBuffered = new ArrayList<>();
        for (int pair = 0; pair < pairs; pair++) {
            StitchedRead stitched = timeStitched(connection, a, columns);
            long copy = timePlain(connection, "b");
            long floor = timePlain(connection, "a");
            for (BenchmarkSchema.Group group : GROUPS) {
                floor += timePlain(connection, group.companion());
            }
            ratios.add((double) copy / stitched.nanos());
            startUps.add(stitched.startUpNanos() / 1e6);
            peakBuffered.add((double) stitched.peakBufferedBytes());
            System.out.printf(
                    "scanner pair %d: stitched %,d ms (start-up %,d ms, merge buffer peak %,d"
                            + " bytes), B %,d ms, plain base + companions %,d ms%n",
                    pair,
                    stitched.nanos() / 1_000_000,
                    stitched.startUpNanos() / 1_000_000,
                    stitched.peakBufferedBytes(),
                    copy / 1_000_000,
                    floor / 1_000_000);
        }
        System.out.printf(
                "scanner reads, %d buckets: stitched vs B %.3f (median of %d), start-up %.0f ms,"
                        + " merge buffer peak %,.0f bytes%n",
                BenchmarkSettings.BUCKETS,
                BenchmarkReport.median(ratios),
                pairs,
                BenchmarkReport.median(startUps),
                BenchmarkReport.median(peakBuffered));
    }

    /**
     * One timed stitched read.
     *
     * @param nanos the whole read
     * @param startUpNanos its start-up: open and subscribe
     * @param peakBufferedBytes the most it held back in its merge buffer (estimated)
     */
    private record StitchedRead(long nanos, long startUpNanos, long peakBufferedBytes) {}

    private StitchedRead timeStitched(Connection connection, EnrichedTable a, List<String> columns)
            throws Exception {
        long start = System.nanoTime();
        long startUp;
        long rows = 0;
        long peakBuffered = 0;
        try (StitchedScanner scanner = new StitchedScanner(connection, a, columns)) {
            scanner.subscribeAll(StartPosition.earliest(), true);
            startUp = System.nanoTime() - start;
            while (!scanner.isFinished()) {
                rows += scanner.poll(POLL).size();
                peakBuffered = Math.max(peakBuffered, scanner.bufferedBytes());
            }
        }
        check(rows, "a");
        return new StitchedRead(System.nanoTime() - start, startUp, peakBuffered);
    }

    /** Reads every row of a plain Fluss log table, as Fluss's own reader does. */
    private long timePlain(Connection connection, String name) throws Exception {
        long start = System.nanoTime();
        long rows = 0;
        try (Table table = connection.getTable(table(name));
                LogScanner scanner = table.newScan().createLogScanner()) {
            int buckets = table.getTableInfo().getNumBuckets();
            for (int bucket = 0; bucket < buckets; bucket++) {
                scanner.subscribeFromBeginning(bucket);
            }
            while (rows < setup.rows()) {
                ScanRecords records = scanner.poll(POLL);
                rows += records.count();
            }
        }
        check(rows, name);
        return System.nanoTime() - start;
    }

    private void check(long rows, String name) {
        if (rows != setup.rows()) {
            throw new IllegalStateException(
                    "Read " + rows + " rows of " + name + ", expected " + setup.rows() + ".");
        }
    }
}
