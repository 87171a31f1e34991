/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.core.ColumnGroup;
import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.table.IdentityMetadata;
import dev.flussenrich.table.TargetColumns;

import org.apache.flink.annotation.Internal;
import org.apache.flink.sql.parser.dml.RichSqlInsert;

import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The checks of a concise enrichment INSERT, at planning time: an INSERT whose enrichment has no
 * meaning (it reads another table, aggregates, reads the group it writes, writes the same value to
 * every row, ...) is rejected with what to write instead. The statement's shape is {@link
 * QueryShape}'s, its FROM clause {@link FromClause}'s; here are the group, the values and the
 * columns they write. What passes becomes a {@link ConciseEnrichmentInsert}.
 */
@Internal
final class ConciseInsertChecks {

    private final RichSqlInsert insert;
    private final EnrichmentTarget target;
    private final List<String> groups;

    /** The group, or the groups comma-separated, as messages and the explicit form name them. */
    private final String group;

    private final TargetLookup lookup;

    /**
     * @param groups the groups the INSERT writes: one, or several from the same rows
     */
    ConciseInsertChecks(
            RichSqlInsert insert,
            EnrichmentTarget target,
            List<String> groups,
            TargetLookup lookup) {
        this.insert = insert;
        this.target = target;
        this.groups = List.copyOf(groups);
        this.group = String.join(", ", groups);
        this.lookup = lookup;
    }

    /**
     * The checked INSERT.
     *
     * @throws EnrichmentPlanningException if the INSERT has no meaning as an enrichment
     */
    ConciseEnrichmentInsert check() {
        for (String each : groups) {
            if (target.groups().columnsOf(each).isEmpty()) {
                throw new EnrichmentPlanningException(
                        TargetColumns.unknownGroupMessage(
                                target.name(), each, target.groups().names()));
            }
        }
        List<String> groupColumns = RejectionMessages.columnsOf(target, groups);
        QueryShape shape = new QueryShape(target, groups);
        SqlSelect select = shape.plainSelect(insert);
        FromClause from = FromClause.of(select.getFrom(), this::isTarget, this::reject);
        String qualifier = from.source().qualifier();
        Set<String> lookupQualifiers =
                from.joins().stream()
                        .map(join -> join.table().qualifier())
                        .collect(Collectors.toSet());
        List<SqlNode> items = shape.namedItems(select);

        List<SqlNode> values = items.stream().map(ConciseInsertChecks::expressionOf).toList();
        ExpressionScan valueReads = ExpressionScan.of(values, target, qualifier, lookupQualifiers);
        List<SqlNode> conditions = new ArrayList<>();
        conditions.add(select.getWhere());
        from.joins().forEach(join -> conditions.add(join.condition()));
        ExpressionScan filterReads =
                ExpressionScan.of(conditions, target, qualifier, lookupQualifiers);
        checkExpressions(valueReads, filterReads, groupColumns);

        List<String> columns = writtenColumns(items, groupColumns);
        if (select.getWhere() != null) {
            List<String> notNull =
                    columns.stream().filter(target.notNullColumns()::contains).toList();
            if (!notNull.isEmpty()) {
                throw reject(
                        String.format(
                                "its WHERE clause leaves rows outside it with NULL enrichment, but"
                                        + " %s NOT NULL. Drop the WHERE clause and give every row"
                                        + " a value, e.g. CASE WHEN <condition> THEN <value> ELSE"
                                        + " <default> END AS %s.",
                                RejectionMessages.describeColumns(group, notNull), notNull.get(0)));
            }
        }
        return new ConciseEnrichmentInsert(
                insert, target, group, from, values, columns, select.getWhere());
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
                throw reject(RejectionMessages.windowReason());
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
                            column,
                            target.groups().groupOf(column).map(ColumnGroup::name).orElse(group),
                            String.join(", ", target.baseColumns())));
        }
        if (values.targetColumns.isEmpty() && !values.readsLookup && !values.readsUnknown) {
            throw reject(RejectionMessages.literalOnlyReason(target, groups));
        }
    }

    /** The group column each SELECT item writes: from the column list, else from aliases. */
    private List<String> writtenColumns(List<SqlNode> items, List<String> groupColumns) {
        List<String> columns = new ArrayList<>();
        SqlNodeList columnList = insert.getTargetColumnList();
        if (columnList != null) {
            if (columnList.size() != items.size()) {
                throw reject(
                        String.format(
                                "its column list names %d columns but its SELECT has %d values;"
                                        + " give one value per listed column.",
                                columnList.size(), items.size()));
            }
            columnList.forEach(c -> columns.add(((SqlIdentifier) c).getSimple()));
        } else {
            for (SqlNode item : items) {
                columns.add(nameOf(item, groupColumns));
            }
        }
        Set<String> seen = new HashSet<>();
        for (String column : columns) {
            if (!groupColumns.contains(column)) {
                String owner = target.groups().groupOf(column).map(ColumnGroup::name).orElse(null);
                String where =
                        owner != null
                                ? "; it belongs to group '"
                                        + owner
                                        + "'. Write each group with its own INSERT, or name '"
                                        + owner
                                        + "' in 'enrichment.group' too."
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
                            RejectionMessages.describeColumns(group, missing), missing.get(0)));
        }
        return columns;
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
                        RejectionMessages.tableName(target),
                        group,
                        String.join(", ", groupColumns)));
    }

    private static SqlNode expressionOf(SqlNode item) {
        return item.getKind() == SqlKind.AS ? ((SqlBasicCall) item).operand(0) : item;
    }

    private EnrichmentPlanningException reject(String reason) {
        return RejectionMessages.reject(target, group, reason);
    }

    /** Whether a table the query reads is the table the INSERT enriches. */
    private boolean isTarget(SqlIdentifier name) {
        if (name.names.equals(SqlParsing.targetTable(insert).names)) {
            return true;
        }
        return lookup.find(name.names).map(t -> t.name().equals(target.name())).orElse(false);
    }
}
