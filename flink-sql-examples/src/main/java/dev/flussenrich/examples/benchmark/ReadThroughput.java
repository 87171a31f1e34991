/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import java.util.ArrayList;
import java.util.List;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.REPETITIONS;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.STITCHED_READ_HINT;

/**
 * Measurements 3 and 4, in paired runs into blackhole sinks: the stitched read of A ({@code SELECT
 * *}) against reading B through Fluss's own connector, and the base columns of A through
 * fluss-enrich against the same through Fluss's own connector. Keeps the runs (for the peak heap).
 */
final class ReadThroughput {

    private final BenchmarkSetup setup;
    private final StreamingInsertTimer timer;

    final List<TimedRun> stitchedRuns = new ArrayList<>();
    final List<TimedRun> copyReadRuns = new ArrayList<>();
    final List<TimedRun> baseOnlyRuns = new ArrayList<>();
    final List<TimedRun> flussBaseOnlyRuns = new ArrayList<>();

    ReadThroughput(BenchmarkSetup setup, StreamingInsertTimer timer) {
        this.setup = setup;
        this.timer = timer;
    }

    ReadThroughput measure() throws Exception {
        String allColumns = setup.schema().allColumnList();
        String baseColumns = setup.schema().baseColumnList();
        for (int run = 0; run < REPETITIONS; run++) {
            stitchedRuns.add(
                    readAll("sink_all", allColumns, "enrich.bench.a" + STITCHED_READ_HINT));
            copyReadRuns.add(readAll("sink_all", allColumns, flussRead("b")));
            baseOnlyRuns.add(
                    readAll("sink_base", baseColumns, "enrich.bench.a" + STITCHED_READ_HINT));
            flussBaseOnlyRuns.add(readAll("sink_base", baseColumns, flussRead("a")));
        }
        BenchmarkReport report = setup.report();
        int rows = setup.rows();
        report.pairedRates(
                "stitched read rows/s (SELECT *)",
                stitchedRuns,
                copyReadRuns,
                rows,
                Targets.STITCHED_STEADY,
                Targets.STITCHED_WHOLE_JOB);
        report.pairedRates(
                "base-only read rows/s",
                baseOnlyRuns,
                flussBaseOnlyRuns,
                rows,
                Targets.BASE_ONLY_STEADY,
                Double.NaN);
        report.ratio(
                "time to the first row ms, stitched vs B (median)",
                TimedRun.medianFirstRowMillis(stitchedRuns),
                TimedRun.medianFirstRowMillis(copyReadRuns),
                "ms",
                Double.NaN,
                false);
        return this;
    }

    /** A table read through Fluss's own connector, with the same fetch size as fluss-enrich. */
    private static String flussRead(String table) {
        return "fluss.bench." + table + " " + BenchmarkSchema.FLUSS_READ_HINT;
    }

    /** Reads {@code columns} of {@code source} into a blackhole until every row went through. */
    private TimedRun readAll(String sink, String columns, String source) throws Exception {
        return timer.runUntilAllRowsHandled(
                RowCounter.counter(),
                "INSERT INTO default_catalog.default_database."
                        + sink
                        + " SELECT "
                        + columns
                        + " FROM "
                        + source
                        + " WHERE tick(c0)");
    }
}
