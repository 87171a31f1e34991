/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.sql.EnrichmentPlanningException;

import org.apache.flink.annotation.Internal;

import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSnapshot;
import org.apache.calcite.sql.SqlTableRef;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The FROM clause of an enrichment INSERT: the table being enriched, then any number of lookup
 * joins. Anything else is rejected here, so the rest of the planner sees only this shape.
 */
@Internal
final class FromClause {

    private static final Set<String> WINDOW_FUNCTIONS =
            Set.of("TUMBLE", "HOP", "CUMULATE", "SESSION");

    /** A table reference: its name, its hints and the alias it is known by in the query. */
    record TableReference(SqlIdentifier name, List<SqlHint> hints, String alias) {

        /** The name columns are qualified with: the alias, else the last name part. */
        String qualifier() {
            return alias != null ? alias : name.names.get(name.names.size() - 1);
        }

        /** The name and hints, with extra OPTIONS entries (the user's own entries win). */
        String render(Map<String, String> extraOptions) {
            String hintText = HintText.render(hints, extraOptions);
            return SqlParsing.unparse(name) + (hintText.isEmpty() ? "" : " " + hintText);
        }

        String renderAlias() {
            return alias == null ? "" : " AS " + SqlParsing.quoteIdentifier(alias);
        }
    }

    /**
     * {@code LEFT JOIN dim FOR SYSTEM_TIME AS OF t.proc AS d ON condition}; {@code period} is null
     * for {@code AS OF PROCTIME()}, which reads the processing time the planner adds.
     */
    record LookupJoin(TableReference table, SqlNode period, SqlNode condition) {

        String render(String addedProcTime) {
            return "LEFT JOIN "
                    + table.render(Map.of())
                    + " FOR SYSTEM_TIME AS OF "
                    + (period == null ? addedProcTime : SqlParsing.unparse(period))
                    + table.renderAlias()
                    + " ON "
                    + SqlParsing.unparse(condition);
        }
    }

    private final TableReference source;
    private final List<LookupJoin> joins;

    private FromClause(TableReference source, List<LookupJoin> joins) {
        this.source = source;
        this.joins = joins;
    }

    TableReference source() {
        return source;
    }

    List<LookupJoin> joins() {
        return joins;
    }

    /**
     * Reads the FROM clause. {@code isTarget} tells whether a table name is the table being
     * enriched; {@code reject} turns a reason into the exception to throw.
     */
    static FromClause of(
            SqlNode from,
            Predicate<SqlIdentifier> isTarget,
            Function<String, EnrichmentPlanningException> reject) {
        List<LookupJoin> joins = new ArrayList<>();
        SqlNode left = from;
        while (left instanceof SqlJoin join) {
            joins.add(0, lookupJoin(join, reject));
            left = join.getLeft();
        }
        TableReference source = tableReference(left, reject);
        if (source == null || !isTarget.test(source.name())) {
            throw reject.apply(readsOtherTable(left));
        }
        return new FromClause(source, joins);
    }

    /**
     * The FROM clause with extra options on the enriched table, joins unchanged. A join {@code AS
     * OF PROCTIME()} reads a processing-time attribute added to the enriched table in a subquery
     * (Flink looks up only as of a time attribute of the table, and catalog tables have none).
     */
    String render(Map<String, String> sourceOptions) {
        StringBuilder sql = new StringBuilder();
        String addedProcTime = null;
        if (joins.stream().anyMatch(join -> join.period() == null)) {
            String qualifier = SqlParsing.quoteIdentifier(source.qualifier());
            sql.append("(SELECT *, PROCTIME() AS ")
                    .append(SqlParsing.quoteIdentifier(ADDED_PROC_TIME))
                    .append(" FROM ")
                    .append(source.render(sourceOptions))
                    .append(") AS ")
                    .append(qualifier);
            addedProcTime = qualifier + "." + SqlParsing.quoteIdentifier(ADDED_PROC_TIME);
        } else {
            sql.append(source.render(sourceOptions)).append(source.renderAlias());
        }
        for (LookupJoin join : joins) {
            sql.append(" ").append(join.render(addedProcTime));
        }
        return sql.toString();
    }

    /** The processing-time column the planner adds for lookup joins {@code AS OF PROCTIME()}. */
    static final String ADDED_PROC_TIME = "__enrich_proc_time";

    private static LookupJoin lookupJoin(
            SqlJoin join, Function<String, EnrichmentPlanningException> reject) {
        String lookupExample =
                "LEFT JOIN <table> FOR SYSTEM_TIME AS OF PROCTIME() AS <alias> ON <condition>";
        SqlNode right = join.getRight();
        String alias = null;
        if (right.getKind() == SqlKind.AS) {
            List<SqlNode> operands = ((SqlBasicCall) right).getOperandList();
            alias = ((SqlIdentifier) operands.get(1)).getSimple();
            right = operands.get(0);
        }
        boolean innerOrLeft =
                join.getJoinType() == JoinType.INNER || join.getJoinType() == JoinType.LEFT;
        if (!(right instanceof SqlSnapshot snapshot)
                || !innerOrLeft
                || join.getConditionType() != JoinConditionType.ON
                || join.isNatural()) {
            throw reject.apply(
                    "it joins "
                            + describe(right)
                            + " with a regular join ("
                            + join.getJoinType().toString().toUpperCase(Locale.ROOT)
                            + "); only lookup joins keep one output row per row of the"
                            + " table. Join other tables as lookup joins: "
                            + lookupExample);
        }
        TableReference table = tableReference(snapshot.getTableRef(), reject);
        if (table == null) {
            throw reject.apply(
                    "it looks up " + describe(snapshot.getTableRef()) + "; look up a table.");
        }
        if (join.getJoinType() == JoinType.INNER) {
            throw reject.apply(
                    "it looks up "
                            + describe(snapshot.getTableRef())
                            + " with an inner join, which drops the rows without a match: they"
                            + " would have no enrichment at all, a gap the job cannot write past."
                            + " Write LEFT JOIN: rows without a match get NULL (or a default, e.g."
                            + " COALESCE(<alias>.<column>, 'unknown')).");
        }
        return new LookupJoin(
                new TableReference(table.name(), table.hints(), alias),
                isProcTimeCall(snapshot.getPeriod()) ? null : snapshot.getPeriod(),
                join.getCondition());
    }

    /** {@code PROCTIME()}: the lookup is as of the time the row is processed. */
    private static boolean isProcTimeCall(SqlNode period) {
        return period instanceof SqlCall call
                && call.operandCount() == 0
                && call.getOperator().getName().equalsIgnoreCase("PROCTIME");
    }

    /** A plain (optionally hinted, optionally aliased) table name; null for anything else. */
    private static TableReference tableReference(
            SqlNode node, Function<String, EnrichmentPlanningException> reject) {
        String alias = null;
        if (node.getKind() == SqlKind.AS) {
            List<SqlNode> operands = ((SqlBasicCall) node).getOperandList();
            if (operands.size() > 2) {
                throw reject.apply(
                        "it renames the columns of "
                                + describe(operands.get(0))
                                + " in its alias; refer to the table's own column names.");
            }
            alias = ((SqlIdentifier) operands.get(1)).getSimple();
            node = operands.get(0);
        }
        if (node instanceof SqlIdentifier name) {
            return new TableReference(name, List.of(), alias);
        }
        if (node instanceof SqlTableRef ref) {
            SqlIdentifier name = (SqlIdentifier) ref.getOperandList().get(0);
            return new TableReference(
                    name, HintText.hintsOf((SqlNodeList) ref.getOperandList().get(1)), alias);
        }
        if (isWindowTableFunction(node)) {
            throw reject.apply(
                    "it reads a window table function; windows group rows, but an enrichment"
                            + " value belongs to one row. Read the table itself and compute"
                            + " per-row values.");
        }
        return null;
    }

    private static String readsOtherTable(SqlNode node) {
        return "it reads "
                + describe(node)
                + " instead of the table it enriches. Read the table itself (other tables can be"
                + " joined as lookup joins: LEFT JOIN <table> FOR SYSTEM_TIME AS OF PROCTIME()"
                + " AS <alias> ON <condition>).";
    }

    private static boolean isWindowTableFunction(SqlNode node) {
        if (node.getKind() != SqlKind.COLLECTION_TABLE) {
            return false;
        }
        SqlNode call = ((SqlCall) node).operand(0);
        return call instanceof SqlCall function
                && WINDOW_FUNCTIONS.contains(
                        function.getOperator().getName().toUpperCase(Locale.ROOT));
    }

    private static String describe(SqlNode node) {
        if (node.getKind() == SqlKind.AS) {
            node = ((SqlCall) node).operand(0);
        }
        if (node instanceof SqlTableRef ref) {
            node = ref.getOperandList().get(0);
        }
        if (node instanceof SqlIdentifier name) {
            return "table '" + String.join(".", name.names) + "'";
        }
        return switch (node.getKind()) {
            case SELECT, UNION, INTERSECT, EXCEPT, ORDER_BY, WITH -> "a subquery";
            case VALUES -> "VALUES";
            case UNNEST -> "UNNEST";
            case COLLECTION_TABLE, LATERAL -> "a table function";
            default -> "'" + SqlParsing.unparse(node) + "'";
        };
    }
}
