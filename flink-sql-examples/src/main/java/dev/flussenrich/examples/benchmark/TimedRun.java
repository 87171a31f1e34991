/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import java.util.List;

/**
 * One timed job: the whole job and its steady state (20% to 80% of the rows), each in wall-clock
 * time and in the process's CPU time, the time to its first row (start-up: submission, deployment,
 * connections, split discovery, the first fetches), the peak used heap sampled while it ran and the
 * peak live heap (after GC).
 */
record TimedRun(
        long millis,
        long firstRowMillis,
        long steadyMillis,
        long cpuNanos,
        long steadyCpuNanos,
        long peakHeapBytes,
        long peakLiveHeapBytes) {

    double wholeRate(int rows) {
        return rows / (millis / 1000.0);
    }

    double steadyRate(int rows) {
        return rows * 0.6 / (steadyMillis / 1000.0);
    }

    /** Rows per CPU-second in the steady state: what the job costs, not how long it waited. */
    double steadyRowsPerCpuSecond(int rows) {
        return rows * 0.6 / (steadyCpuNanos / 1e9);
    }

    static double medianFirstRowMillis(List<TimedRun> runs) {
        return BenchmarkReport.median(runs.stream().map(m -> (double) m.firstRowMillis()).toList());
    }

    static double medianPeakHeap(List<TimedRun> runs) {
        return BenchmarkReport.median(runs.stream().map(m -> (double) m.peakHeapBytes()).toList());
    }

    static double medianPeakLiveHeap(List<TimedRun> runs) {
        return BenchmarkReport.median(
                runs.stream().map(m -> (double) m.peakLiveHeapBytes()).toList());
    }
}
