/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import java.util.List;

/**
 * One timed job: the whole job, its steady state (20% to 80% of the rows), the peak used heap
 * sampled while it ran and the peak live heap (after GC).
 */
record TimedRun(long millis, long steadyMillis, long peakHeapBytes, long peakLiveHeapBytes) {

    double wholeRate(int rows) {
        return rows / (millis / 1000.0);
    }

    double steadyRate(int rows) {
        return rows * 0.6 / (steadyMillis / 1000.0);
    }

    static double medianPeakHeap(List<TimedRun> runs) {
        return BenchmarkReport.median(runs.stream().map(m -> (double) m.peakHeapBytes()).toList());
    }

    static double medianPeakLiveHeap(List<TimedRun> runs) {
        return BenchmarkReport.median(
                runs.stream().map(m -> (double) m.peakLiveHeapBytes()).toList());
    }
}
