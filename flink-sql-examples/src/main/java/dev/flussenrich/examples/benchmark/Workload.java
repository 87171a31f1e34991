/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import java.util.List;
import java.util.Locale;

/**
 * The rows the benchmark enriches, from {@code -Dbenchmark.workload}: {@code wide} (the default, 50
 * base columns and 3 enrichment columns), {@code narrow} (4 base columns, 1 enrichment column:
 * per-row costs dominate) or {@code vector} (4 base columns and a 768-dim {@code ARRAY<FLOAT>}
 * embedding: the enrichment is larger than the base).
 */
enum Workload {
    WIDE(
            50,
            new Column("e_label", "STRING", "UPPER(c2)"),
            new Column("e_score", "DOUBLE", "c5 * 2.0"),
            new Column("e_rank", "INT", "c3 + 1"),
            new Column("e_length", "INT", "CHAR_LENGTH(c7)"),
            new Column("e_sum", "BIGINT", "c4 + c9")),
    NARROW(4, new Column("e_label", "STRING", "UPPER(c2)")),
    VECTOR(4, new Column("e_vec", "ARRAY<FLOAT>", "embed(c0)"));

    static final Workload CURRENT = parse(System.getProperty("benchmark.workload", "wide"));

    /** Base columns {@code c0..c(n-1)}: c0 the id, c1 the append time, then mixed types. */
    final int baseColumns;

    /**
     * The enrichment columns there are; one group holds the first three (or fewer), and {@code
     * -Dbenchmark.groups=n} puts the first n in a group each.
     */
    final List<Column> enrichment;

    Workload(int baseColumns, Column... enrichment) {
        this.baseColumns = baseColumns;
        this.enrichment = List.of(enrichment);
    }

    /** An enrichment column: its name, SQL type, and the expression over base columns. */
    record Column(String name, String type, String expression) {}

    private static Workload parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "benchmark.workload must be wide, narrow or vector, got '" + name + "'", e);
        }
    }
}
