/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.TimestampNtz;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.PARTITIONING;

/**
 * The benchmark's table: base columns of mixed types ({@code c0} id, {@code c1} append time in ms,
 * then strings, ints, longs, doubles and timestamps in turn) and enrichment columns computed by a
 * deterministic function of base columns; how many of each, the {@link Workload} says (50 and 3 by
 * default).
 */
final class BenchmarkSchema {

    static final int BASE_COLUMNS = Workload.CURRENT.baseColumns;
    static final String FETCH_SIZE_KEY = "client.scanner.log.fetch.max-bytes-for-bucket";
    static final String FETCH_SIZE = "4mb";

    /** Fluss's own connector gets the same per-bucket fetch size as fluss-enrich's default. */
    static final String FLUSS_READ_HINT =
            "/*+ OPTIONS('" + FETCH_SIZE_KEY + "' = '" + FETCH_SIZE + "') */";

    /** The copy pipeline's job: every row of A with its enrichment columns into B. */
    String copyInsert() {
        return "INSERT INTO fluss.bench.b SELECT "
                + baseColumnList()
                + ", "
                + enrichmentExpressions()
                + " FROM fluss.bench.a "
                + FLUSS_READ_HINT;
    }

    /** A column group of A: its name, columns (with types) and the expressions that fill them. */
    record Group(String name, List<String> columns, String ddl, String expressions) {

        /** The enrichment INSERT of this group, reading A with {@code readHint} (or none). */
        String insert(String readHint) {
            return insertOf(List.of(this), readHint);
        }

        /** One enrichment INSERT writing all of {@code groups}, reading A with {@code readHint}. */
        static String insertOf(List<Group> groups, String readHint) {
            return "INSERT INTO enrich.bench.a /*+ OPTIONS('enrichment.group' = '"
                    + String.join(", ", groups.stream().map(Group::name).toList())
                    + "'"
                    + BenchmarkSettings.WRITE_OPTIONS
                    + ") */ ("
                    + PARTITIONING.identityColumns()
                    + ", "
                    + String.join(", ", groups.stream().flatMap(g -> g.columns().stream()).toList())
                    + ") SELECT "
                    + PARTITIONING.identityColumns()
                    + ", "
                    + String.join(", ", groups.stream().map(Group::expressions).toList())
                    + " FROM enrich.bench.a"
                    + readHint;
        }

        String companion() {
            return "a--enrich--" + name;
        }
    }

    /**
     * The enrichment columns as {@code count} groups: one group {@code enr} with the workload's
     * first three columns (or fewer), or {@code count} groups {@code enr1..n} with one column each
     * (written by {@code count} jobs side by side).
     */
    static List<Group> groups(int count) {
        List<Workload.Column> columns = Workload.CURRENT.enrichment;
        if (count == 1) {
            List<Workload.Column> first = columns.subList(0, Math.min(3, columns.size()));
            return List.of(group("enr", first));
        }
        if (count < 1 || count > columns.size()) {
            throw new IllegalArgumentException(
                    "benchmark.groups must be 1 to "
                            + columns.size()
                            + " for the "
                            + Workload.CURRENT.name().toLowerCase(java.util.Locale.ROOT)
                            + " workload, got "
                            + count);
        }
        List<Group> groups = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            groups.add(group("enr" + (i + 1), List.of(columns.get(i))));
        }
        return groups;
    }

    private static Group group(String name, List<Workload.Column> columns) {
        return new Group(
                name,
                columns.stream().map(Workload.Column::name).toList(),
                columns.stream()
                        .map(c -> c.name() + " " + c.type())
                        .collect(Collectors.joining(", ")),
                columns.stream()
                        .map(Workload.Column::expression)
                        .collect(Collectors.joining(", ")));
    }

    /** The enrichment columns of all groups, in order. */
    static List<String> enrichmentColumns() {
        return BenchmarkSettings.GROUPS.stream().flatMap(g -> g.columns().stream()).toList();
    }

    /** The expressions of all enrichment columns, in their order: the copy job's SELECT tail. */
    static String enrichmentExpressions() {
        return BenchmarkSettings.GROUPS.stream()
                .map(Group::expressions)
                .collect(Collectors.joining(", "));
    }

    private static final String[] TYPES = {"STRING", "INT", "BIGINT", "DOUBLE", "TIMESTAMP(3)"};
    private static final long EPOCH_2026 = 1_767_225_600_000L;

    private static String typeOf(int column) {
        return column < 2 ? "BIGINT" : TYPES[(column - 2) % TYPES.length];
    }

    String baseColumnsDdl() {
        List<String> columns = new ArrayList<>();
        for (int c = 0; c < BASE_COLUMNS; c++) {
            columns.add("c" + c + " " + typeOf(c));
        }
        return String.join(", ", columns) + PARTITIONING.columnDdl();
    }

    String enrichmentColumnsDdl() {
        return BenchmarkSettings.GROUPS.stream().map(Group::ddl).collect(Collectors.joining(", "));
    }

    String allColumnsDdl() {
        return baseColumnsDdl() + ", " + enrichmentColumnsDdl();
    }

    String baseColumnList() {
        List<String> columns = new ArrayList<>();
        for (int c = 0; c < BASE_COLUMNS; c++) {
            columns.add("c" + c);
        }
        return String.join(", ", columns) + PARTITIONING.column();
    }

    String allColumnList() {
        return baseColumnList() + ", " + String.join(", ", enrichmentColumns());
    }

    /** Appends base rows with ids {@code from..to-1} and waits for them. */
    void appendBaseRows(Connection connection, TablePath table, int from, int to) throws Exception {
        try (Table base = connection.getTable(table)) {
            AppendWriter writer = base.newAppend().createWriter();
            appendBaseRows(writer, from, to);
            writer.flush();
        }
    }

    void appendBaseRows(AppendWriter writer, int from, int to) {
        for (int id = from; id < to; id++) {
            writer.append(baseRow(id));
        }
    }

    private static GenericRow baseRow(long id) {
        GenericRow row = new GenericRow(BASE_COLUMNS + (PARTITIONING.enabled() ? 1 : 0));
        if (PARTITIONING.enabled()) {
            row.setField(BASE_COLUMNS, BinaryString.fromString(PARTITIONING.partitionOf(id)));
        }
        row.setField(0, id);
        row.setField(1, System.currentTimeMillis());
        for (int c = 2; c < BASE_COLUMNS; c++) {
            long seed = id * 7919L + c * 104_729L;
            switch ((c - 2) % TYPES.length) {
                case 0 ->
                        row.setField(
                                c, BinaryString.fromString("s" + (seed % 9_999_991) + "-" + c));
                case 1 -> row.setField(c, (int) (seed % 1_000_003));
                case 2 -> row.setField(c, seed);
                case 3 -> row.setField(c, (seed % 100_000) / 7.0);
                default ->
                        row.setField(
                                c, TimestampNtz.fromMillis(EPOCH_2026 + (seed % 31_536_000_000L)));
            }
        }
        return row;
    }
}
