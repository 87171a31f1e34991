/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import static dev.flussenrich.examples.benchmark.TimedRun.medianPeakHeap;
import static dev.flussenrich.examples.benchmark.TimedRun.medianPeakLiveHeap;

/**
 * Measurement 6: the peak heap of the enrichment job against the copy job (measurement 1) and of
 * the stitched read against reading B (measurement 3), the medians of their runs.
 *
 * <p>The heap target is on what a job keeps alive: the sampled peak adds garbage not yet collected,
 * which grows with the rate a job allocates at (so with its speed) and with the collector's timing,
 * not with what the job needs to run.
 */
final class PeakHeap {

    private PeakHeap() {}

    static void reportWrites(BenchmarkReport report, WriteThroughput writes) {
        report.ratio(
                "peak heap sampled (with garbage), enrichment vs copy",
                medianPeakHeap(writes.enrichmentRuns),
                medianPeakHeap(writes.copyRuns),
                "bytes",
                Double.NaN,
                false);
        report.ratio(
                "peak live heap (after GC), enrichment job vs copy",
                medianPeakLiveHeap(writes.enrichmentRuns),
                medianPeakLiveHeap(writes.copyRuns),
                "bytes",
                Targets.LIVE_HEAP,
                false);
    }

    static void reportReads(BenchmarkReport report, ReadThroughput reads) {
        report.ratio(
                "peak heap sampled (with garbage), stitched vs B",
                medianPeakHeap(reads.stitchedRuns),
                medianPeakHeap(reads.copyReadRuns),
                "bytes",
                Double.NaN,
                false);
        report.ratio(
                "peak live heap (after GC), stitched read vs B",
                medianPeakLiveHeap(reads.stitchedRuns),
                medianPeakLiveHeap(reads.copyReadRuns),
                "bytes",
                Targets.LIVE_HEAP,
                false);
    }
}
