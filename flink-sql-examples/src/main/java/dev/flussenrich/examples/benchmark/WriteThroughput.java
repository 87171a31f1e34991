/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import java.util.ArrayList;
import java.util.List;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.REPETITIONS;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.table;

/**
 * Measurement 1: the enrichment job (one INSERT per group into A's companions) against the copy job
 * A -> B, in paired runs, then the ideal table written once. Keeps the runs (for the peak heap) and
 * the bytes C and B took in each run (for the stored bytes).
 */
final class WriteThroughput {

    private static final int WARM_UP_PAIRS = 2;

    private final BenchmarkSetup setup;
    private final StreamingInsertTimer timer;

    final List<TimedRun> enrichmentRuns = new ArrayList<>();
    final List<TimedRun> copyRuns = new ArrayList<>();
    // Each run writes C and B again: their sizes move with how the writers happened to batch.
    final List<Double> companionSizes = new ArrayList<>();
    final List<Double> copySizes = new ArrayList<>();
    final List<Double> companionBatches = new ArrayList<>();
    final List<Double> copyBatches = new ArrayList<>();

    WriteThroughput(BenchmarkSetup setup, StreamingInsertTimer timer) {
        this.setup = setup;
        this.timer = timer;
    }

    /** Runs the pairs and the ideal write, then reports the rates of the pairs. */
    WriteThroughput measure() throws Exception {
        Progress progress = new Progress(setup.connection());
        String enrichStatement = BenchmarkSettings.enrichmentJob();
        String copyStatement = setup.schema().copyInsert();
        // The first jobs of the JVM load and compile their code: here the first enrichment run
        // took 1.6-2.5 times as long as the next ones, which made the first pair an outlier and
        // the spread too wide to count. After one untimed pair, the first timed pair of 2 runs
        // out of 3 still took more CPU per row on both sides (the enrichment job 1.15-1.5x the
        // later pairs'), so two pairs run first, untimed.
        for (int warmUp = 0; warmUp < WARM_UP_PAIRS; warmUp++) {
            System.out.println("  warm-up pair (not counted):");
            if (warmUp > 0) {
                setup.recreateGroupsAndCopyTable();
            }
            timer.runUntilAllRowsHandled(
                    progress.rowsInEach(BenchmarkSettings.companions()), enrichStatement);
            timer.runUntilAllRowsHandled(progress.rowsIn(table("b")), List.of(copyStatement));
        }
        for (int run = 0; run < REPETITIONS; run++) {
            setup.recreateGroupsAndCopyTable();
            // A fresh group has no duplicates: all rows are in once each companion holds N rows.
            enrichmentRuns.add(
                    timer.runUntilAllRowsHandled(
                            progress.rowsInEach(BenchmarkSettings.companions()), enrichStatement));
            copyRuns.add(
                    timer.runUntilAllRowsHandled(
                            progress.rowsIn(table("b")), List.of(copyStatement)));
            companionSizes.add((double) setup.companionBytes());
            copySizes.add((double) setup.disk().logBytes(table("b")));
            companionBatches.add((double) setup.companionBatches());
            copyBatches.add((double) setup.disk().batches(table("b")));
        }
        timer.runUntilAllRowsHandled(
                progress.rowsIn(table("ideal")),
                "INSERT INTO fluss.bench.ideal SELECT "
                        + BenchmarkSchema.enrichmentExpressions()
                        + BenchmarkSettings.PARTITIONING.column()
                        + " FROM fluss.bench.a "
                        + BenchmarkSchema.FLUSS_READ_HINT);
        setup.report()
                .pairedRates(
                        "enrichment job rows/s",
                        enrichmentRuns,
                        copyRuns,
                        setup.rows(),
                        Targets.enrichmentSteady(),
                        Targets.enrichmentWholeJob());
        return this;
    }
}
