/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.core.ColumnGroup;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.table.FlussEnrichConnectorOptions;
import dev.flussenrich.table.IdentityMetadata;
import dev.flussenrich.table.TargetColumns;

import org.apache.flink.annotation.Internal;
import org.apache.flink.sql.parser.dml.RichSqlInsert;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlTableRef;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plans one concise enrichment INSERT: checks that it is meaningful and writes its explicit form
 * (identity columns, column list, a source that starts at the group's watermark).
 */
@Internal
final class ConciseEnrichmentInsert {

    private final RichSqlInsert insert;
    private final EnrichmentTarget target;
    private final String group;
    private final TargetLookup lookup;

    ConciseEnrichmentInsert(
            RichSqlInsert insert, EnrichmentTarget target, String group, TargetLookup lookup) {
        this.insert = insert;
        this.target = target;
        this.group = group;
        this.lookup = lookup;
    }

    String rewrite() {
        List<String> groupColumns = target.groups().columnsOf(group);
        if (groupColumns.isEmpty()) {
            throw new EnrichmentPlanningException(
                    TargetColumns.unknownGroupMessage(
                            target.name(), group, target.groups().names()));
        }
        if (insert.isOverwrite() || insert.getStaticPartitions().size() > 0) {
            throw reject(
                    "INSERT OVERWRITE and PARTITION clauses replace rows; an enrichment adds values"
                            + " to existing rows. Write INSERT INTO <table> SELECT ... instead.");
        }
        SqlSelect select = plainSelect(insert.getSource());
        FromClause from = FromClause.of(select.getFrom(), this::isTarget, this::reject);
        String qualifier = from.source().qualifier();
        Set<String> lookupQualifiers =
                from.joins().stream()
                        .map(join -> join.table().qualifier())
                        .collect(Collectors.toSet());
        List<SqlNode> items = selectItems(select);

        List<SqlNode> expressions =
                items.stream().map(ConciseEnrichmentInsert::expressionOf).toList();
        ExpressionScan values = ExpressionScan.of(expressions, target, qualifier, lookupQualifiers);
        List<SqlNode> conditions = new ArrayList<>();
        conditions.add(select.getWhere());
        from.joins().forEach(join -> conditions.add(join.condition()));
        ExpressionScan filters = ExpressionScan.of(conditions, target, qualifier, lookupQualifiers);
        checkExpressions(values, filters, groupColumns);

        List<String> targets = targetColumns(items, groupColumns);
        if (select.getWhere() != null) {
            List<String> notNull =
                    targets.stream().filter(target.notNullColumns()::contains).toList();
            if (!notNull.isEmpty()) {
                throw reject(
                        String.format(
                                "its WHERE clause leaves rows outside it with NULL enrichment, but"
                                        + " %s NOT NULL. Drop the WHERE clause and give every row"
                                        + " a value, e.g. CASE WHEN <condition> THEN <value> ELSE"
                                        + " <default> END AS %s.",
                                describeColumns(notNull), notNull.get(0)));
            }
        }
        return render(from, qualifier, expressions, targets, select.getWhere());
    }

    /** The column of the inner query that holds a row's values (see {@link #render}). */
    private static final String VALUES_ROW = "__enrich_values";

    /**
     * The explicit form. With a WHERE clause, rows outside it get NULL values: each value becomes
     * {@code CASE WHEN <where> THEN <value> END}. With several values, the WHERE is evaluated once
     * per row, so that a non-deterministic condition (RAND(), a non-deterministic function) fills a
     * group row as a whole or not at all: an inner query computes {@code CASE WHEN <where> THEN
     * ROW(<values>) END}, the outer one takes the row apart (Flink does not merge two projections
     * when that would evaluate a non-deterministic expression twice).
     */
    private String render(
            FromClause from,
            String qualifier,
            List<SqlNode> expressions,
            List<String> targets,
            SqlNode where) {
        List<String> identity =
                target.identityColumns().stream().map(SqlParsing::quoteIdentifier).toList();
        boolean qualify = !from.joins().isEmpty() || from.source().alias() != null;
        String prefix = qualify ? SqlParsing.quoteIdentifier(qualifier) + "." : "";
        List<String> values = expressions.stream().map(SqlParsing::unparse).toList();
        List<String> columnList = new ArrayList<>(identity);
        targets.forEach(column -> columnList.add(SqlParsing.quoteIdentifier(column)));

        String query;
        if (where != null && values.size() > 1) {
            List<String> inner = new ArrayList<>();
            List<String> outer = new ArrayList<>(identity);
            identity.forEach(column -> inner.add(prefix + column + " AS " + column));
            inner.add(
                    "CASE WHEN "
                            + SqlParsing.unparse(where)
                            + " THEN ROW("
                            + String.join(", ", values)
                            + ") END AS "
                            + SqlParsing.quoteIdentifier(VALUES_ROW));
            for (int i = 0; i < values.size(); i++) {
                outer.add(
                        SqlParsing.quoteIdentifier(VALUES_ROW)
                                + "."
                                + SqlParsing.quoteIdentifier("EXPR$" + i)
                                + " AS "
                                + SqlParsing.quoteIdentifier(targets.get(i)));
            }
            query =
                    "SELECT "
                            + String.join(", ", outer)
                            + "\nFROM (SELECT "
                            + String.join(", ", inner)
                            + "\nFROM "
                            + from.render(sourceStart(from))
                            + ")\nWHERE "
                            + SqlParsing.quoteIdentifier(IdentityMetadata.OFFSET.columnName())
                            + " >= 0";
        } else {
            List<String> selectList = new ArrayList<>();
            identity.forEach(column -> selectList.add(prefix + column));
            for (int i = 0; i < values.size(); i++) {
                String value = values.get(i);
                if (where != null) {
                    value = "CASE WHEN " + SqlParsing.unparse(where) + " THEN " + value + " END";
                }
                selectList.add(value + " AS " + SqlParsing.quoteIdentifier(targets.get(i)));
            }
            query =
                    "SELECT "
                            + String.join(", ", selectList)
                            + "\nFROM "
                            + from.render(sourceStart(from));
        }
        return "INSERT INTO "
                + SqlParsing.unparse(targetName(insert))
                + " "
                + HintText.render(HintText.hintsOf(insert.getTableHints()), Map.of())
                + " ("
                + String.join(", ", columnList)
                + ")\n"
                + query;
    }

    /** Where the read starts: the group's watermark, unless the user chose a start. */
    private Map<String, String> sourceStart(FromClause from) {
        Map<String, String> sourceStart = new LinkedHashMap<>();
        String userStartup =
                HintText.option(
                        from.source().hints(), FlussEnrichConnectorOptions.SCAN_STARTUP_MODE.key());
        if (userStartup == null) {
            sourceStart.put(
                    FlussEnrichConnectorOptions.SCAN_STARTUP_MODE.key(),
                    StartPosition.Kind.ENRICHMENT_WATERMARK.toString());
            sourceStart.put(FlussEnrichConnectorOptions.SCAN_STARTUP_ENRICHMENT_GROUP.key(), group);
        }
        return sourceStart;
    }

    private SqlSelect plainSelect(SqlNode source) {
        if (source instanceof SqlOrderBy orderBy) {
            if (orderBy.orderList != null && orderBy.orderList.size() > 0) {
                throw reject(orderByReason());
            }
            throw reject(limitReason());
        }
        switch (source.getKind()) {
            case UNION, INTERSECT, EXCEPT ->
                    throw reject(
                            "it combines queries with "
                                    + source.getKind()
                                    + "; an enrichment computes one value per row from one SELECT"
                                    + " over the table. Write one INSERT with one SELECT.");
            case VALUES -> throw reject(literalOnlyReason());
            case WITH ->
                    throw reject(
                            "it has a WITH clause; an enrichment reads the table it enriches"
                                    + " directly. Inline the query into one SELECT over the"
                                    + " table.");
            default -> {}
        }
        if (!(source instanceof SqlSelect select)) {
            throw reject("its source is not a SELECT over the table.");
        }
        if (select.isDistinct()) {
            throw reject(
                    "it uses SELECT DISTINCT; every row of the table gets its own enrichment."
                            + " Remove DISTINCT.");
        }
        if (select.getGroup() != null || select.getHaving() != null) {
            throw reject(
                    "it has GROUP BY/HAVING; an enrichment value belongs to one row, not to a"
                            + " group of rows. Compute per-row values (aggregate when"
                            + " reading).");
        }
        if (select.getWindowList() != null && select.getWindowList().size() > 0) {
            throw reject(windowReason());
        }
        if (select.getOrderList() != null && select.getOrderList().size() > 0) {
            throw reject(orderByReason());
        }
        if (select.getFetch() != null || select.getOffset() != null) {
            throw reject(limitReason());
        }
        return select;
    }

    private List<SqlNode> selectItems(SqlSelect select) {
        List<SqlNode> items = new ArrayList<>(select.getSelectList().getList());
        for (SqlNode item : items) {
            if (item instanceof SqlIdentifier identifier && identifier.isStar()) {
                throw reject(
                        String.format(
                                "it selects *; name each enrichment value after a column of group"
                                        + " '%s' (%s), e.g. SELECT <expression> AS %s FROM %s.",
                                group,
                                String.join(", ", target.groups().columnsOf(group)),
                                target.groups().columnsOf(group).get(0),
                                lastName(target.name())));
            }
        }
        return items;
    }

    private void checkExpressions(
            ExpressionScan values, ExpressionScan filters, List<String> groupColumns) {
        for (ExpressionScan scan : List.of(values, filters)) {
            if (scan.subquery) {
                throw reject(
                        "it has a subquery, which reads another query's rows; read other tables"
                                + " through lookup joins: LEFT JOIN <table> FOR SYSTEM_TIME"
                                + " AS OF PROCTIME() AS <alias> ON <condition>.");
            }
            if (scan.window) {
                throw reject(windowReason());
            }
            if (scan.aggregate != null) {
                throw reject(
                        String.format(
                                "it aggregates (%s); an enrichment value belongs to one row."
                                        + " Compute per-row values (aggregate when reading).",
                                scan.aggregate));
            }
        }
        Set<String> ownGroupReads = new HashSet<>(values.targetColumns);
        ownGroupReads.addAll(filters.targetColumns);
        ownGroupReads.retainAll(groupColumns);
        if (!ownGroupReads.isEmpty()) {
            String column = ownGroupReads.iterator().next();
            throw reject(
                    String.format(
                            "it reads column '%s' of group '%s', the group it writes; a group"
                                    + " cannot be computed from itself. Compute it from base"
                                    + " columns (%s) or other groups.",
                            column, group, String.join(", ", target.baseColumns())));
        }
        if (values.targetColumns.isEmpty() && !values.readsLookup && !values.readsUnknown) {
            throw reject(literalOnlyReason());
        }
    }

    /** The group column each SELECT item writes: from the column list, else from aliases. */
    private List<String> targetColumns(List<SqlNode> items, List<String> groupColumns) {
        List<String> targets = new ArrayList<>();
        SqlNodeList columnList = insert.getTargetColumnList();
        if (columnList != null) {
            if (columnList.size() != items.size()) {
                throw reject(
                        String.format(
                                "its column list names %d columns but its SELECT has %d values;"
                                        + " give one value per listed column.",
                                columnList.size(), items.size()));
            }
            columnList.forEach(c -> targets.add(((SqlIdentifier) c).getSimple()));
        } else {
            for (SqlNode item : items) {
                targets.add(nameOf(item, groupColumns));
            }
        }
        Set<String> seen = new HashSet<>();
        for (String column : targets) {
            if (!groupColumns.contains(column)) {
                String owner = target.groups().groupOf(column).map(ColumnGroup::name).orElse(null);
                String where =
                        owner != null
                                ? "; it belongs to group '"
                                        + owner
                                        + "'. Write each group with its own INSERT."
                                : IdentityMetadata.ofColumnName(column).isPresent()
                                        ? "; the concise form adds the identity columns itself."
                                                + " Leave it out."
                                        : ".";
                throw reject(
                        String.format(
                                "'%s' is not a column of group '%s' (group columns: %s)%s",
                                column, group, String.join(", ", groupColumns), where));
            }
            if (!seen.add(column)) {
                throw reject(
                        String.format(
                                "it gives column '%s' twice; give each group column one value.",
                                column));
            }
        }
        List<String> missing =
                groupColumns.stream()
                        .filter(c -> target.notNullColumns().contains(c) && !seen.contains(c))
                        .toList();
        if (!missing.isEmpty()) {
            throw reject(
                    String.format(
                            "%s NOT NULL but gets no value. Add <expression> AS %s to the"
                                    + " SELECT.",
                            describeColumns(missing), missing.get(0)));
        }
        return targets;
    }

    private String nameOf(SqlNode item, List<String> groupColumns) {
        if (item.getKind() == SqlKind.AS) {
            return ((SqlIdentifier) ((SqlBasicCall) item).operand(1)).getSimple();
        }
        if (item instanceof SqlIdentifier identifier) {
            return identifier.names.get(identifier.names.size() - 1);
        }
        throw reject(
                String.format(
                        "the value %s has no name; write %s AS <column> with a column of group"
                                + " '%s' (%s), or list the columns: INSERT INTO %s /*+"
                                + " OPTIONS('enrichment.group'='%s') */ (%s) SELECT ...",
                        SqlParsing.unparse(item),
                        SqlParsing.unparse(item),
                        group,
                        String.join(", ", groupColumns),
                        lastName(target.name()),
                        group,
                        String.join(", ", groupColumns)));
    }

    private static SqlNode expressionOf(SqlNode item) {
        return item.getKind() == SqlKind.AS ? ((SqlBasicCall) item).operand(0) : item;
    }

    private boolean isTarget(SqlIdentifier name) {
        if (name.names.equals(targetName(insert).names)) {
            return true;
        }
        return lookup.find(name.names).map(t -> t.name().equals(target.name())).orElse(false);
    }

    static SqlIdentifier targetName(RichSqlInsert insert) {
        SqlNode table = insert.getTargetTable();
        if (table instanceof SqlTableRef ref) {
            return (SqlIdentifier) ref.getOperandList().get(0);
        }
        return (SqlIdentifier) table;
    }

    private String literalOnlyReason() {
        List<String> base = target.baseColumns();
        return String.format(
                "no value it writes reads a column of the table (functions like CURRENT_TIMESTAMP"
                        + " do not count), so every row would get the same enrichment. Compute"
                        + " each value from the row, e.g. SELECT f(%s) AS %s FROM %s.",
                base.isEmpty() ? "<column>" : base.get(0),
                target.groups().columnsOf(group).get(0),
                lastName(target.name()));
    }

    private static String orderByReason() {
        return "it has ORDER BY; enrichment values are stored by row identity, so order has no"
                + " meaning. Remove the ORDER BY.";
    }

    private static String limitReason() {
        return "it has LIMIT/OFFSET/FETCH; every row of the table is enriched. To enrich some rows"
                + " only, use WHERE (rows outside it get NULL enrichment).";
    }

    private static String windowReason() {
        return "it uses a window (OVER, WINDOW or a window table function); an enrichment value is"
                + " computed from its own row (and lookup joins), not from neighbouring rows.";
    }

    private String describeColumns(List<String> columns) {
        return columns.size() == 1
                ? "column '" + columns.get(0) + "' of group '" + group + "' is"
                : "columns " + String.join(", ", columns) + " of group '" + group + "' are";
    }

    private static String lastName(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    private EnrichmentPlanningException reject(String reason) {
        return new EnrichmentPlanningException(
                String.format(
                        "Enrichment INSERT of group '%s' into table '%s' is rejected: %s",
                        group, target.name(), reason));
    }
}
