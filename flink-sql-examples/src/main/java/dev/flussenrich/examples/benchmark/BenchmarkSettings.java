/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.apache.fluss.metadata.TablePath;

import java.util.ArrayList;
import java.util.List;

/** The benchmark's settings, from {@code -Dbenchmark.*} system properties (see performance.md). */
final class BenchmarkSettings {

    static final String DB = "bench";
    static final int ROWS = Integer.parseInt(System.getProperty("benchmark.rows", "500000"));
    static final int BUCKETS = Integer.getInteger("benchmark.buckets", 4);
    static final int PARALLELISM = 2;

    /**
     * Tablet servers of the embedded cluster, and every table's replication factor. With one
     * replica, Fluss 0.9.1 completes a fetch waiting at the log's end only when its wait runs out,
     * not when rows are appended (apache/fluss#777); with followers, their replication does.
     */
    static final int TABLET_SERVERS = Integer.getInteger("benchmark.tablet-servers", 1);

    static final Partitioning PARTITIONING =
            new Partitioning(Integer.getInteger("benchmark.partitions", 1), ROWS);
    static final int REPETITIONS = Integer.getInteger("benchmark.repetitions", 5);

    /**
     * The widest spread a repeated ratio may have and still count: its interquartile range as a
     * share of its median. A wider one is printed, marked NOT COUNTED, and meets no target.
     */
    static final double MAX_SPREAD =
            Double.parseDouble(System.getProperty("benchmark.max-spread", "0.25"));

    /**
     * Options for the enrichment jobs' writes to A, e.g. {@code
     * -Dbenchmark.write-options=client.writer.batch-timeout=100ms}: appended to their hint.
     */
    static final String WRITE_OPTIONS =
            optionPairs(System.getProperty("benchmark.write-options")).stream()
                    .map(pair -> ", " + pair)
                    .collect(java.util.stream.Collectors.joining());

    /**
     * The batch timeout of the writer that loads A's base rows ({@code
     * -Dbenchmark.loader-batch-timeout=10s}); unset: Fluss's 100 ms. The loader generates about
     * 100,000 rows/s, so at 16 buckets and more its batches close on this timer well below the
     * writer's batch size, while the copy job writes B from a backlog in full batches.
     */
    static final String LOADER_BATCH_TIMEOUT = System.getProperty("benchmark.loader-batch-timeout");

    /** Options for fluss-enrich's reads of A, e.g. {@code -Dbenchmark.read-options=k=v}. */
    static final String STITCHED_READ_HINT =
            stitchedReadHint(System.getProperty("benchmark.read-options"));

    /** The enrichment columns as 1 group or n one-column groups (one job either way). */
    static final List<BenchmarkSchema.Group> GROUPS =
            BenchmarkSchema.groups(Integer.getInteger("benchmark.groups", 1));

    /** Tiering pairs (each side writes every row to Parquet: about 20 s at 500,000 rows). */
    static final int TIERING_REPETITIONS = Integer.getInteger("benchmark.tiering-repetitions", 3);

    /** For profiling the tiering alone: A enriched and B copied once, then the tiering. */
    static final boolean TIERING_ONLY = Boolean.getBoolean("benchmark.tiering-only");

    private BenchmarkSettings() {}

    /** A table of the benchmark's database: "a", "b", "ideal" or a companion. */
    static TablePath table(String name) {
        return TablePath.of(DB, name);
    }

    /** The companion table of every group. */
    static List<TablePath> companions() {
        return GROUPS.stream().map(g -> table(g.companion())).toList();
    }

    /**
     * The enrichment job: one INSERT naming every group, reading A without hints. One job, as a
     * user enriching several groups at once writes it: it starts once, reads and projects A once,
     * and one writer per bucket writes every group (design-notes.md). {@code
     * -Dbenchmark.groups-as-statement-set=true} runs one INSERT per group as a statement set
     * instead, as stops 45 and 46 measured it.
     */
    static String enrichmentJob() {
        if (GROUPS.size() == 1 || !Boolean.getBoolean("benchmark.groups-as-statement-set")) {
            return BenchmarkSchema.Group.insertOf(GROUPS, "");
        }
        List<String> inserts = GROUPS.stream().map(g -> g.insert("")).toList();
        return "EXECUTE STATEMENT SET BEGIN " + String.join("; ", inserts) + "; END";
    }

    private static String stitchedReadHint(String options) {
        List<String> pairs = optionPairs(options);
        return pairs.isEmpty() ? "" : " /*+ OPTIONS(" + String.join(", ", pairs) + ") */";
    }

    private static List<String> optionPairs(String options) {
        List<String> pairs = new ArrayList<>();
        if (options == null || options.isBlank()) {
            return pairs;
        }
        for (String pair : options.split(",")) {
            String[] kv = pair.split("=", 2);
            pairs.add("'" + kv[0].trim() + "' = '" + kv[1].trim() + "'");
        }
        return pairs;
    }
}
