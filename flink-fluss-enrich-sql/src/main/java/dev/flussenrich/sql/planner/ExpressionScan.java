/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.apache.flink.annotation.Internal;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.util.SqlBasicVisitor;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What an expression of an enrichment SELECT touches: columns of the enriched table, columns of
 * looked-up tables, aggregate functions, windows and subqueries.
 */
@Internal
final class ExpressionScan extends SqlBasicVisitor<Void> {

    /** Flink's built-in aggregate functions (user-defined ones are caught by Flink's planner). */
    private static final Set<String> AGGREGATES =
            Set.of(
                    "COUNT",
                    "SUM",
                    "SUM0",
                    "AVG",
                    "MIN",
                    "MAX",
                    "STDDEV",
                    "STDDEV_POP",
                    "STDDEV_SAMP",
                    "VARIANCE",
                    "VAR_POP",
                    "VAR_SAMP",
                    "COLLECT",
                    "LISTAGG",
                    "FIRST_VALUE",
                    "LAST_VALUE",
                    "ARRAY_AGG",
                    "JSON_OBJECTAGG",
                    "JSON_ARRAYAGG",
                    "APPROX_COUNT_DISTINCT",
                    "SINGLE_VALUE",
                    "BIT_AND",
                    "BIT_OR",
                    "BIT_XOR",
                    "ROW_NUMBER",
                    "RANK",
                    "DENSE_RANK",
                    "PERCENT_RANK",
                    "CUME_DIST",
                    "NTILE",
                    "LEAD",
                    "LAG");

    /** Functions called without parentheses, which the parser leaves as plain names. */
    private static final Set<String> NILADIC_FUNCTIONS =
            Set.of(
                    "CURRENT_TIMESTAMP",
                    "CURRENT_DATE",
                    "CURRENT_TIME",
                    "LOCALTIME",
                    "LOCALTIMESTAMP",
                    "CURRENT_ROW_TIMESTAMP",
                    "CURRENT_USER",
                    "SESSION_USER",
                    "SYSTEM_USER",
                    "USER",
                    "CURRENT_ROLE",
                    "CURRENT_CATALOG",
                    "CURRENT_DATABASE",
                    "CURRENT_SCHEMA",
                    "CURRENT_PATH");

    private final EnrichmentTarget target;
    private final String targetQualifier;
    private final Set<String> lookupQualifiers;

    final Set<String> targetColumns = new LinkedHashSet<>();
    boolean readsLookup;

    /** A name that is no column of the table: Flink's planner reports it, not us. */
    boolean readsUnknown;

    String aggregate;
    boolean window;
    boolean subquery;

    private ExpressionScan(
            EnrichmentTarget target, String targetQualifier, Set<String> lookupQualifiers) {
        this.target = target;
        this.targetQualifier = targetQualifier;
        this.lookupQualifiers = lookupQualifiers;
    }

    static ExpressionScan of(
            List<SqlNode> expressions,
            EnrichmentTarget target,
            String targetQualifier,
            Set<String> lookupQualifiers) {
        ExpressionScan scan = new ExpressionScan(target, targetQualifier, lookupQualifiers);
        for (SqlNode expression : expressions) {
            if (expression != null) {
                expression.accept(scan);
            }
        }
        return scan;
    }

    @Override
    public Void visit(SqlCall call) {
        if (SqlKind.QUERY.contains(call.getKind())) {
            subquery = true;
            return null;
        }
        if (call.getKind() == SqlKind.OVER) {
            window = true;
        }
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        if (aggregate == null && (call.getOperator().isAggregator() || AGGREGATES.contains(name))) {
            aggregate = name;
        }
        return super.visit(call);
    }

    @Override
    public Void visit(SqlIdentifier identifier) {
        if (identifier.isStar()) {
            return null;
        }
        List<String> names = identifier.names;
        if (names.size() == 1) {
            if (target.columns().contains(names.get(0))) {
                targetColumns.add(names.get(0));
            } else if (isNiladicFunction(identifier)) {
                return null;
            } else if (lookupQualifiers.isEmpty()) {
                readsUnknown = true;
            } else {
                readsLookup = true;
            }
        } else if (names.get(0).equals(targetQualifier)) {
            targetColumns.add(names.get(1));
        } else if (lookupQualifiers.contains(names.get(0))) {
            readsLookup = true;
        } else if (target.columns().contains(names.get(0))) {
            // a field of a ROW column
            targetColumns.add(names.get(0));
        } else {
            readsUnknown = true;
        }
        return null;
    }

    private static boolean isNiladicFunction(SqlIdentifier identifier) {
        return !identifier.isComponentQuoted(0)
                && NILADIC_FUNCTIONS.contains(identifier.getSimple().toUpperCase(Locale.ROOT));
    }
}
