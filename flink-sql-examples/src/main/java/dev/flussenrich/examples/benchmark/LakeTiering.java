/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.lake.FlussEnrichLake;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.DB;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.PARALLELISM;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.TIERING_REPETITIONS;

/**
 * Measurement 7: enriched tiering of A (stitched rows to Paimon, then to Iceberg) against tiering
 * the copy B with the same job on a plain table: Fluss's own tiering service needs its lake plugin
 * in the servers.
 */
final class LakeTiering {

    private final BenchmarkSetup setup;

    LakeTiering(BenchmarkSetup setup) {
        this.setup = setup;
    }

    /**
     * Tiers A and B in turn to new lake tables, {@code TIERING_REPETITIONS} pairs, to Paimon and
     * then to Iceberg.
     */
    void measure() throws Exception {
        if (TIERING_REPETITIONS < 1) {
            return; // -Dbenchmark.tiering-repetitions=0: the other measurements only
        }
        measure("paimon", "lake tiering rows/s (A stitched vs B), whole job");
        measure("iceberg", "lake tiering to Iceberg rows/s (A stitched vs B), whole job");
    }

    private void measure(String format, String line) throws Exception {
        Path warehouse = Files.createTempDirectory("benchmark-lake-" + format);
        List<TimedRun> tierA = new ArrayList<>();
        List<TimedRun> tierB = new ArrayList<>();
        for (int run = 0; run < TIERING_REPETITIONS; run++) {
            tierA.add(tierToNewLakeTable("a", "lake_a_" + run, warehouse, format));
            tierB.add(tierToNewLakeTable("b", "lake_b_" + run, warehouse, format));
        }
        int rows = setup.rows();
        setup.report()
                .repeated(
                        line,
                        tierA.stream().map(m -> m.wholeRate(rows)).toList(),
                        tierB.stream().map(m -> m.wholeRate(rows)).toList(),
                        "rows/s",
                        Targets.LAKE_TIERING);
    }

    /** Tiers every row of {@code table} to a new lake table as a bounded job, timed. */
    private TimedRun tierToNewLakeTable(
            String table, String lakeTable, Path warehouse, String format) throws Exception {
        System.out.println(
                "  tiering bench." + table + " to " + format + " table bench." + lakeTable);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        // A bounded job ends with the next periodic checkpoint (it commits the last files): a
        // short interval keeps that wait from deciding the timing of either side.
        env.enableCheckpointing(Duration.ofSeconds(1).toMillis());
        FlussEnrichLake.tiering()
                .setBootstrapServers(setup.fluss().bootstrapServers())
                .setTable(DB, table)
                .setWarehouse(warehouse.toUri().toString())
                .setLakeTable(DB, lakeTable)
                .setLakeFormat(format)
                .setBounded(true)
                .addTo(env);
        System.gc();
        HeapSampler heap = new HeapSampler();
        heap.start();
        long start = System.nanoTime();
        long cpuStart = ProcessCpu.nanos();
        env.execute("tier bench." + table);
        long millis = (System.nanoTime() - start) / 1_000_000;
        long cpuNanos = ProcessCpu.nanos() - cpuStart;
        long peak = heap.finish();
        System.out.printf(Locale.ROOT, "    %,d ms, peak heap %,d MB%n", millis, peak >> 20);
        return new TimedRun(millis, -1, millis, cpuNanos, cpuNanos, peak, peak);
    }
}
