/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.sql.PlannedStatement;
import dev.flussenrich.sql.planner.OneInsertPerGroup;
import dev.flussenrich.sql.planner.SqlText;
import dev.flussenrich.sql.planner.StatementPlanner;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The gateway service with the enrichment statement planner in front of {@link #executeStatement}
 * (and, on Flink 2.x, of the scripts it deploys: {@link #planScript}): concise enrichment INSERTs
 * run in their explicit form. Every other call is forwarded unchanged ({@link
 * ForwardingSqlGatewayService}).
 */
@Internal
public final class EnrichingSqlGatewayService extends ForwardingSqlGatewayService {

    private static final Logger LOG = LoggerFactory.getLogger(EnrichingSqlGatewayService.class);

    private static final Pattern BEGIN_STATEMENT_SET =
            Pattern.compile("(?is)^\\s*BEGIN\\s+STATEMENT\\s+SET\\s*;?\\s*$");
    private static final Pattern END = Pattern.compile("(?is)^\\s*END\\s*;?\\s*$");

    private final Map<SessionHandle, OpenStatementSet> openStatementSets =
            new ConcurrentHashMap<>();

    public EnrichingSqlGatewayService(SqlGatewayService delegate) {
        super(delegate);
    }

    @Override
    public OperationHandle executeStatement(
            SessionHandle session,
            String statement,
            long executionTimeoutMs,
            Configuration executionConfig) {
        PlannedStatement planned;
        try {
            planned = planner(session).plan(statement);
            trackStatementSet(session, planned);
        } catch (EnrichmentPlanningException e) {
            // Like any other statement error: the operation fails and fetching its result says why.
            return delegate()
                    .submitOperation(
                            session,
                            () -> {
                                throw e;
                            });
        }
        if (planned.rewritten()) {
            LOG.debug("Session {} runs\n{}\nas\n{}", session, statement, planned.sql());
        }
        return super.executeStatement(session, planned.sql(), executionTimeoutMs, executionConfig);
    }

    private static boolean isBeginStatementSet(String statement) {
        return BEGIN_STATEMENT_SET.matcher(SqlText.stripLeadingComments(statement)).matches();
    }

    private static boolean isEnd(String statement) {
        return END.matcher(SqlText.stripLeadingComments(statement)).matches();
    }

    private StatementPlanner planner(SessionHandle session) {
        OpenStatementSet set = openStatementSets.get(session);
        return new StatementPlanner(
                new GatewayTargetLookup(
                        delegate(), session, set == null ? null : set.currentDatabase()));
    }

    /**
     * A statement set the SQL Client is filling: it sends {@code BEGIN STATEMENT SET}, each INSERT
     * and {@code END} one by one, and the INSERTs in between become one job, so two of them must
     * not write one group. The session's current database is read at its start: inside the set the
     * session takes INSERTs only, so it cannot be asked.
     */
    private record OpenStatementSet(String currentDatabase, OneInsertPerGroup groups) {}

    private void trackStatementSet(SessionHandle session, PlannedStatement planned) {
        if (isBeginStatementSet(planned.original())) {
            String currentDatabase =
                    new GatewayTargetLookup(delegate(), session, null).currentDatabase();
            openStatementSets.put(
                    session, new OpenStatementSet(currentDatabase, new OneInsertPerGroup()));
        } else if (isEnd(planned.original())) {
            openStatementSets.remove(session);
        } else {
            OpenStatementSet set = openStatementSets.get(session);
            if (set != null) {
                set.groups().add(planned.groupWrites());
            }
        }
    }

    @Override
    public void closeSession(SessionHandle session) {
        openStatementSets.remove(session);
        super.closeSession(session);
    }

    /**
     * Plans each statement of an inline script against the session's catalogs (a table that the
     * script itself creates is not known yet: its statements run as written).
     */
    @Override
    protected String planScript(SessionHandle session, String script) {
        StatementPlanner planner = planner(session);
        OneInsertPerGroup statementSet = null;
        StringBuilder planned = new StringBuilder();
        for (String statement : SqlText.splitStatements(script)) {
            PlannedStatement plannedStatement = planner.plan(statement);
            if (isBeginStatementSet(statement)) {
                statementSet = new OneInsertPerGroup();
            } else if (isEnd(statement)) {
                statementSet = null;
            } else if (statementSet != null) {
                statementSet.add(plannedStatement.groupWrites());
            }
            planned.append(plannedStatement.sql()).append(";\n");
        }
        return planned.toString();
    }
}
