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

/**
 * The benchmark's table: 50 base columns of mixed types ({@code c0} id, {@code c1} append time in
 * ms, then strings, ints, longs, doubles and timestamps in turn) and 3 enrichment columns computed
 * by a deterministic function of base columns.
 */
final class BenchmarkSchema {

    static final int BASE_COLUMNS = 50;
    static final List<String> ENRICHMENT_COLUMNS = List.of("e_label", "e_score", "e_rank");
    static final String ENRICHMENT_EXPRESSIONS = "UPPER(c2), c5 * 2.0, c3 + 1";
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
                + ENRICHMENT_EXPRESSIONS
                + " FROM fluss.bench.a "
                + FLUSS_READ_HINT;
    }

    /** A column group of A: its name, columns (with types) and the expressions that fill them. */
    record Group(String name, List<String> columns, String ddl, String expressions) {

        /** The enrichment INSERT of this group, reading A with {@code readHint} (or none). */
        String insert(String readHint) {
            return "INSERT INTO enrich.bench.a /*+ OPTIONS('enrichment.group' = '"
                    + name
                    + "'"
                    + BenchmarkSettings.WRITE_OPTIONS
                    + ") */ (_bucket, _offset, "
                    + String.join(", ", columns)
                    + ") SELECT _bucket, _offset, "
                    + expressions
                    + " FROM enrich.bench.a"
                    + readHint;
        }

        String companion() {
            return "a--enrich--" + name;
        }
    }

    /**
     * The enrichment columns as {@code count} groups: one group {@code enr} with all three, or
     * three groups {@code enr1..3} with one column each (written by three jobs).
     */
    static List<Group> groups(int count) {
        if (count == 1) {
            return List.of(
                    new Group(
                            "enr",
                            ENRICHMENT_COLUMNS,
                            "e_label STRING, e_score DOUBLE, e_rank INT",
                            ENRICHMENT_EXPRESSIONS));
        }
        if (count == 3) {
            return List.of(
                    new Group("enr1", List.of("e_label"), "e_label STRING", "UPPER(c2)"),
                    new Group("enr2", List.of("e_score"), "e_score DOUBLE", "c5 * 2.0"),
                    new Group("enr3", List.of("e_rank"), "e_rank INT", "c3 + 1"));
        }
        throw new IllegalArgumentException("benchmark.groups must be 1 or 3, got " + count);
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
        return String.join(", ", columns);
    }

    String enrichmentColumnsDdl() {
        return "e_label STRING, e_score DOUBLE, e_rank INT";
    }

    String allColumnsDdl() {
        return baseColumnsDdl() + ", " + enrichmentColumnsDdl();
    }

    String baseColumnList() {
        List<String> columns = new ArrayList<>();
        for (int c = 0; c < BASE_COLUMNS; c++) {
            columns.add("c" + c);
        }
        return String.join(", ", columns);
    }

    String allColumnList() {
        return baseColumnList() + ", " + String.join(", ", ENRICHMENT_COLUMNS);
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
        GenericRow row = new GenericRow(BASE_COLUMNS);
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
