/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import dev.flussenrich.adapter.SqlGatewayServiceAdapter;
import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.sql.PlannedStatement;
import dev.flussenrich.sql.planner.OneInsertPerGroup;
import dev.flussenrich.sql.planner.SqlText;
import dev.flussenrich.sql.planner.StatementPlanner;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.CatalogBaseTable.TableKind;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UnresolvedIdentifier;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.endpoint.EndpointVersion;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.FetchOrientation;
import org.apache.flink.table.gateway.api.results.FunctionInfo;
import org.apache.flink.table.gateway.api.results.GatewayInfo;
import org.apache.flink.table.gateway.api.results.OperationInfo;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.results.TableInfo;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The gateway service with the enrichment statement planner in front of {@link #executeStatement}:
 * concise enrichment INSERTs run in their explicit form, every other call is delegated unchanged.
 */
@Internal
public final class EnrichingSqlGatewayService extends SqlGatewayServiceAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(EnrichingSqlGatewayService.class);

    private static final Pattern BEGIN_STATEMENT_SET =
            Pattern.compile("(?is)^\\s*BEGIN\\s+STATEMENT\\s+SET\\s*;?\\s*$");
    private static final Pattern END = Pattern.compile("(?is)^\\s*END\\s*;?\\s*$");

    private final SqlGatewayService delegate;
    private final Map<SessionHandle, OpenStatementSet> openStatementSets =
            new ConcurrentHashMap<>();

    public EnrichingSqlGatewayService(SqlGatewayService delegate) {
        this.delegate = delegate;
    }

    @Override
    protected SqlGatewayService delegate() {
        return delegate;
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
            return delegate.submitOperation(
                    session,
                    () -> {
                        throw e;
                    });
        }
        if (planned.rewritten()) {
            LOG.debug("Session {} runs\n{}\nas\n{}", session, statement, planned.sql());
        }
        return delegate.executeStatement(
                session, planned.sql(), executionTimeoutMs, executionConfig);
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
                        delegate, session, set == null ? null : set.currentDatabase()));
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
                    new GatewayTargetLookup(delegate, session, null).currentDatabase();
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
    public SessionHandle openSession(SessionEnvironment environment) {
        return delegate.openSession(environment);
    }

    @Override
    public void closeSession(SessionHandle session) {
        openStatementSets.remove(session);
        delegate.closeSession(session);
    }

    @Override
    public void configureSession(SessionHandle session, String statement, long executionTimeoutMs) {
        delegate.configureSession(session, statement, executionTimeoutMs);
    }

    @Override
    public Map<String, String> getSessionConfig(SessionHandle session) {
        return delegate.getSessionConfig(session);
    }

    @Override
    public EndpointVersion getSessionEndpointVersion(SessionHandle session) {
        return delegate.getSessionEndpointVersion(session);
    }

    @Override
    public OperationHandle submitOperation(SessionHandle session, Callable<ResultSet> executor) {
        return delegate.submitOperation(session, executor);
    }

    @Override
    public void cancelOperation(SessionHandle session, OperationHandle operation) {
        delegate.cancelOperation(session, operation);
    }

    @Override
    public void closeOperation(SessionHandle session, OperationHandle operation) {
        delegate.closeOperation(session, operation);
    }

    @Override
    public OperationInfo getOperationInfo(SessionHandle session, OperationHandle operation) {
        return delegate.getOperationInfo(session, operation);
    }

    @Override
    public ResolvedSchema getOperationResultSchema(
            SessionHandle session, OperationHandle operation) {
        return delegate.getOperationResultSchema(session, operation);
    }

    @Override
    public ResultSet fetchResults(
            SessionHandle session, OperationHandle operation, long token, int maxRows) {
        return delegate.fetchResults(session, operation, token, maxRows);
    }

    @Override
    public ResultSet fetchResults(
            SessionHandle session,
            OperationHandle operation,
            FetchOrientation orientation,
            int maxRows) {
        return delegate.fetchResults(session, operation, orientation, maxRows);
    }

    @Override
    public String getCurrentCatalog(SessionHandle session) {
        return delegate.getCurrentCatalog(session);
    }

    @Override
    public Set<String> listCatalogs(SessionHandle session) {
        return delegate.listCatalogs(session);
    }

    @Override
    public Set<String> listDatabases(SessionHandle session, String catalog) {
        return delegate.listDatabases(session, catalog);
    }

    @Override
    public Set<TableInfo> listTables(
            SessionHandle session, String catalog, String database, Set<TableKind> kinds) {
        return delegate.listTables(session, catalog, database, kinds);
    }

    @Override
    public ResolvedCatalogBaseTable<?> getTable(SessionHandle session, ObjectIdentifier table) {
        return delegate.getTable(session, table);
    }

    @Override
    public Set<FunctionInfo> listUserDefinedFunctions(
            SessionHandle session, String catalog, String database) {
        return delegate.listUserDefinedFunctions(session, catalog, database);
    }

    @Override
    public Set<FunctionInfo> listSystemFunctions(SessionHandle session) {
        return delegate.listSystemFunctions(session);
    }

    @Override
    public FunctionDefinition getFunctionDefinition(
            SessionHandle session, UnresolvedIdentifier function) {
        return delegate.getFunctionDefinition(session, function);
    }

    @Override
    public GatewayInfo getGatewayInfo() {
        return delegate.getGatewayInfo();
    }

    @Override
    public List<String> completeStatement(SessionHandle session, String statement, int position) {
        return delegate.completeStatement(session, statement, position);
    }

    @Override
    public OperationHandle refreshMaterializedTable(
            SessionHandle session,
            String materializedTable,
            boolean isPeriodic,
            String scheduleTime,
            Map<String, String> dynamicOptions,
            Map<String, String> staticPartitions,
            Map<String, String> executionConfig) {
        return delegate.refreshMaterializedTable(
                session,
                materializedTable,
                isPeriodic,
                scheduleTime,
                dynamicOptions,
                staticPartitions,
                executionConfig);
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
