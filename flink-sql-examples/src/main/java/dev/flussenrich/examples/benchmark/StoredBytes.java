/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.table;

/**
 * Measurement 2: the bytes on the tablet server's disk of A + C against A + B (C and B the medians
 * of the write runs) and against the ideal A + a table of the enrichment columns alone.
 */
final class StoredBytes {

    private final BenchmarkSetup setup;

    StoredBytes(BenchmarkSetup setup) {
        this.setup = setup;
    }

    /** {@code baseBytes}: A's bytes after loading; {@code writes}: the sizes of C and B. */
    void measure(long baseBytes, WriteThroughput writes) throws Exception {
        long companionBytes = (long) BenchmarkReport.median(writes.companionSizes);
        long copyBytes = (long) BenchmarkReport.median(writes.copySizes);
        long idealBytes = setup.disk().logBytes(table("ideal"));
        BenchmarkReport report = setup.report();
        report.ratio(
                "stored bytes (A+C) vs (A+B), median",
                baseBytes + companionBytes,
                baseBytes + copyBytes,
                "bytes",
                Targets.storedBytes(),
                false);
        report.ratio(
                "stored bytes (A+C) vs ideal (A+enrichment only)",
                baseBytes + companionBytes,
                baseBytes + idealBytes,
                "bytes",
                Double.NaN,
                false);
        // Each batch costs a header on disk and a set-up for every reader of it.
        double copyRowsPerBatch =
                BenchmarkSettings.ROWS / BenchmarkReport.median(writes.copyBatches);
        long companionRows = (long) BenchmarkSettings.ROWS * BenchmarkSettings.companions().size();
        report.ratio(
                "rows per stored batch, C vs B (median)",
                companionRows / BenchmarkReport.median(writes.companionBatches),
                copyRowsPerBatch,
                "rows",
                Double.NaN,
                true);
        report.ratio(
                "rows per stored batch, A vs B (median)",
                BenchmarkSettings.ROWS / (double) setup.disk().batches(table("a")),
                copyRowsPerBatch,
                "rows",
                Double.NaN,
                true);
    }
}
