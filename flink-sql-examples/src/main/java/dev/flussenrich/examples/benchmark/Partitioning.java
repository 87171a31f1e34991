/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the benchmark's tables are partitioned, from {@code -Dbenchmark.partitions=n}: not at all (1,
 * the default), or by a STRING column {@code pt} after the base columns, with n partitions {@code
 * p00..} holding contiguous id ranges, as time partitions hold contiguous times. A, its companions,
 * B and the ideal table are partitioned alike.
 */
final class Partitioning {

    static final String COLUMN = "pt";

    private final int partitions;
    private final int rows;

    Partitioning(int partitions, int rows) {
        if (partitions < 1 || partitions > rows) {
            throw new IllegalArgumentException(
                    "benchmark.partitions must be 1 to benchmark.rows ("
                            + rows
                            + "), got "
                            + partitions);
        }
        this.partitions = partitions;
        this.rows = rows;
    }

    boolean enabled() {
        return partitions > 1;
    }

    int count() {
        return partitions;
    }

    /** The partition of a row id: ids past the rows (visibility's stamped rows) go to the last. */
    String partitionOf(long id) {
        return name((int) Math.min(partitions - 1, id * partitions / rows));
    }

    List<String> names() {
        List<String> names = new ArrayList<>(partitions);
        for (int p = 0; p < partitions; p++) {
            names.add(name(p));
        }
        return names;
    }

    /** The partition column's DDL, after a column list, or nothing. */
    String columnDdl() {
        return enabled() ? ", " + COLUMN + " STRING" : "";
    }

    /** The partition column, after a column list, or nothing. */
    String column() {
        return enabled() ? ", " + COLUMN : "";
    }

    /** The identity columns an enrichment INSERT starts with. */
    String identityColumns() {
        return enabled() ? "_partition, _bucket, _offset" : "_bucket, _offset";
    }

    /** The clause of a CREATE TABLE, or nothing. */
    String partitionedBy() {
        return enabled() ? " PARTITIONED BY (" + COLUMN + ")" : "";
    }

    private static String name(int partition) {
        return String.format(Locale.ROOT, "p%02d", partition);
    }
}
