/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.table.FlussEnrichConnectorOptions;
import dev.flussenrich.table.IdentityMetadata;
import dev.flussenrich.table.ScanStartupMode;

import org.apache.flink.annotation.Internal;
import org.apache.flink.sql.parser.dml.RichSqlInsert;

import org.apache.calcite.sql.SqlNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A concise enrichment INSERT that passed {@link ConciseInsertChecks}, and the explicit form it
 * runs as: the identity columns, the column list, a source that starts at the group's watermark.
 *
 * @param insert the INSERT as written (its target table and hints are kept)
 * @param target the table it enriches
 * @param group the column group it writes
 * @param from the table it reads and its lookup joins
 * @param values one value per written column, without aliases
 * @param columns the group column each value is written to
 * @param where its WHERE condition, or null
 */
@Internal
record ConciseEnrichmentInsert(
        RichSqlInsert insert,
        EnrichmentTarget target,
        String group,
        FromClause from,
        List<SqlNode> values,
        List<String> columns,
        SqlNode where) {

    /** The column of the inner query that holds a row's values (see {@link #explicitForm}). */
    private static final String VALUES_ROW = "__enrich_values";

    /**
     * The explicit form. With a WHERE clause, rows outside it get NULL values: each value becomes
     * {@code CASE WHEN <where> THEN <value> END}. With several values, the WHERE is evaluated once
     * per row, so that a non-deterministic condition (RAND(), a non-deterministic function) fills a
     * group row as a whole or not at all: an inner query computes {@code CASE WHEN <where> THEN
     * ROW(<values>) END}, the outer one takes the row apart (Flink does not merge two projections
     * when that would evaluate a non-deterministic expression twice).
     */
    String explicitForm() {
        List<String> identity =
                target.identityColumns().stream().map(SqlParsing::quoteIdentifier).toList();
        boolean qualify = !from.joins().isEmpty() || from.source().alias() != null;
        String prefix = qualify ? SqlParsing.quoteIdentifier(from.source().qualifier()) + "." : "";
        List<String> valueSql = values.stream().map(SqlParsing::unparse).toList();
        List<String> columnList = new ArrayList<>(identity);
        columns.forEach(column -> columnList.add(SqlParsing.quoteIdentifier(column)));

        String query;
        if (where != null && valueSql.size() > 1) {
            List<String> inner = new ArrayList<>();
            List<String> outer = new ArrayList<>(identity);
            identity.forEach(column -> inner.add(prefix + column + " AS " + column));
            inner.add(
                    "CASE WHEN "
                            + SqlParsing.unparse(where)
                            + " THEN ROW("
                            + String.join(", ", valueSql)
                            + ") END AS "
                            + SqlParsing.quoteIdentifier(VALUES_ROW));
            for (int i = 0; i < valueSql.size(); i++) {
                outer.add(
                        SqlParsing.quoteIdentifier(VALUES_ROW)
                                + "."
                                + SqlParsing.quoteIdentifier("EXPR$" + i)
                                + " AS "
                                + SqlParsing.quoteIdentifier(columns.get(i)));
            }
            query =
                    "SELECT "
                            + String.join(", ", outer)
                            + "\nFROM (SELECT "
                            + String.join(", ", inner)
                            + "\nFROM "
                            + from.render(sourceStart())
                            + ")\nWHERE "
                            + SqlParsing.quoteIdentifier(IdentityMetadata.OFFSET.columnName())
                            + " >= 0";
        } else {
            List<String> selectList = new ArrayList<>();
            identity.forEach(column -> selectList.add(prefix + column));
            for (int i = 0; i < valueSql.size(); i++) {
                String value = valueSql.get(i);
                if (where != null) {
                    value = "CASE WHEN " + SqlParsing.unparse(where) + " THEN " + value + " END";
                }
                selectList.add(value + " AS " + SqlParsing.quoteIdentifier(columns.get(i)));
            }
            query =
                    "SELECT "
                            + String.join(", ", selectList)
                            + "\nFROM "
                            + from.render(sourceStart());
        }
        return "INSERT INTO "
                + SqlParsing.unparse(SqlParsing.targetTable(insert))
                + " "
                + HintText.render(HintText.hintsOf(insert.getTableHints()), Map.of())
                + " ("
                + String.join(", ", columnList)
                + ")\n"
                + query;
    }

    /** Where the read starts: the group's watermark, unless the user chose a start. */
    private Map<String, String> sourceStart() {
        Map<String, String> sourceStart = new LinkedHashMap<>();
        String userStartup =
                HintText.option(
                        from.source().hints(), FlussEnrichConnectorOptions.SCAN_STARTUP_MODE.key());
        if (userStartup == null) {
            sourceStart.put(
                    FlussEnrichConnectorOptions.SCAN_STARTUP_MODE.key(),
                    ScanStartupMode.ENRICHMENT_WATERMARK.toString());
            sourceStart.put(FlussEnrichConnectorOptions.SCAN_STARTUP_ENRICHMENT_GROUP.key(), group);
        }
        return sourceStart;
    }
}
