/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.sql.planner.OneInsertPerGroup;
import dev.flussenrich.sql.planner.StatementPlanner;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.TableResult;

import java.util.ArrayList;
import java.util.List;

/** Several INSERTs (concise or not) planned one by one and submitted as one Flink job. */
@PublicEvolving
public final class EnrichmentStatementSet {

    private final StatementSet statements;
    private final StatementPlanner planner;
    private final List<String> planned = new ArrayList<>();
    private final OneInsertPerGroup groups = new OneInsertPerGroup();

    EnrichmentStatementSet(StatementSet statements, StatementPlanner planner) {
        this.statements = statements;
        this.planner = planner;
    }

    public EnrichmentStatementSet addInsertSql(String statement) {
        PlannedStatement plannedStatement = planner.plan(statement);
        groups.add(plannedStatement.groupWrites());
        String sql = plannedStatement.sql();
        statements.addInsertSql(sql);
        planned.add(sql);
        return this;
    }

    /** The rewritten statements followed by Flink's plan for the whole set. */
    public String explain(ExplainDetail... details) {
        return "== Rewritten Statements ==\n"
                + String.join(";\n", planned)
                + ";\n\n"
                + statements.explain(details);
    }

    public TableResult execute() {
        return statements.execute();
    }
}
