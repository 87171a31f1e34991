/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.sql.planner.StatementPlanner;
import dev.flussenrich.sql.planner.TableEnvironmentLookup;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;

/**
 * The concise enrichment INSERT on a {@link TableEnvironment}: every statement goes through the
 * {@link StatementPlanner} before Flink sees it.
 *
 * <pre>{@code
 * EnrichmentSql sql = EnrichmentSql.on(tableEnv);
 * sql.executeSql("INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') *" + "/"
 *         + " SELECT geo_city(ip) AS city FROM device_logs");
 * }</pre>
 */
@PublicEvolving
public final class EnrichmentSql {

    private final TableEnvironment tableEnvironment;
    private final StatementPlanner planner;

    private EnrichmentSql(TableEnvironment tableEnvironment) {
        this.tableEnvironment = tableEnvironment;
        this.planner = new StatementPlanner(new TableEnvironmentLookup(tableEnvironment));
    }

    public static EnrichmentSql on(TableEnvironment tableEnvironment) {
        return new EnrichmentSql(tableEnvironment);
    }

    /** What the statement becomes, without running it. */
    public PlannedStatement plan(String statement) {
        return planner.plan(statement);
    }

    /** Plans and runs one statement, like {@link TableEnvironment#executeSql}. */
    public TableResult executeSql(String statement) {
        return tableEnvironment.executeSql(planner.plan(statement).sql());
    }

    /** The rewritten statement followed by Flink's plan for it. */
    public String explainSql(String statement, ExplainDetail... details) {
        String sql = planner.plan(statement).sql();
        return "== Rewritten Statement ==\n"
                + sql
                + "\n\n"
                + tableEnvironment.explainSql(sql, details);
    }

    /** A statement set whose INSERTs are planned as they are added. */
    public EnrichmentStatementSet createStatementSet() {
        return new EnrichmentStatementSet(tableEnvironment.createStatementSet(), planner);
    }
}
