/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.sql.EnrichmentPlanningException;

import org.apache.flink.annotation.Internal;
import org.apache.flink.sql.parser.dml.RichSqlInsert;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;

import java.util.ArrayList;
import java.util.List;

/**
 * The shape of a concise enrichment INSERT: {@code INSERT INTO} (no OVERWRITE, no PARTITION) with
 * one plain SELECT that gives every row its own values, so no set operation, VALUES, WITH,
 * DISTINCT, GROUP BY/HAVING, WINDOW, ORDER BY, LIMIT or {@code *}. What the SELECT reads is {@link
 * FromClause}'s to check, what its values read is {@link ConciseInsertChecks}'.
 */
@Internal
final class QueryShape {

    private final EnrichmentTarget target;
    private final List<String> groups;

    /** The name messages give the groups: one group's, or the groups' comma-separated. */
    private final String group;

    QueryShape(EnrichmentTarget target, List<String> groups) {
        this.target = target;
        this.groups = List.copyOf(groups);
        this.group = String.join(", ", groups);
    }

    /** The INSERT's SELECT, if the statement is an INSERT INTO with one plain SELECT. */
    SqlSelect plainSelect(RichSqlInsert insert) {
        if (insert.isOverwrite() || insert.getStaticPartitions().size() > 0) {
            throw reject(
                    "INSERT OVERWRITE and PARTITION clauses replace rows; an enrichment adds values"
                            + " to existing rows. Write INSERT INTO <table> SELECT ... instead.");
        }
        SqlNode source = insert.getSource();
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
            case VALUES -> throw reject(RejectionMessages.literalOnlyReason(target, groups));
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
            throw reject(RejectionMessages.windowReason());
        }
        if (select.getOrderList() != null && select.getOrderList().size() > 0) {
            throw reject(orderByReason());
        }
        if (select.getFetch() != null || select.getOffset() != null) {
            throw reject(limitReason());
        }
        return select;
    }

    /** The SELECT's items, if none is {@code *}: each value must be named after its column. */
    List<SqlNode> namedItems(SqlSelect select) {
        List<SqlNode> items = new ArrayList<>(select.getSelectList().getList());
        for (SqlNode item : items) {
            if (item instanceof SqlIdentifier identifier && identifier.isStar()) {
                throw reject(
                        String.format(
                                "it selects *; name each enrichment value after a column of group"
                                        + " '%s' (%s), e.g. SELECT <expression> AS %s FROM %s.",
                                group,
                                String.join(", ", RejectionMessages.columnsOf(target, groups)),
                                RejectionMessages.columnsOf(target, groups).get(0),
                                RejectionMessages.tableName(target)));
            }
        }
        return items;
    }

    private static String orderByReason() {
        return "it has ORDER BY; enrichment values are stored by row identity, so order has no"
                + " meaning. Remove the ORDER BY.";
    }

    private static String limitReason() {
        return "it has LIMIT/OFFSET/FETCH; every row of the table is enriched. To enrich some rows"
                + " only, use WHERE (rows outside it get NULL enrichment).";
    }

    private EnrichmentPlanningException reject(String reason) {
        return RejectionMessages.reject(target, group, reason);
    }
}
