/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import dev.flussenrich.adapter.SqlGatewayServiceAdapter;

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

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * A SQL Gateway service that forwards every call unchanged to {@link #delegate()}, like Guava's
 * {@code Forwarding*} classes: a subclass overrides only what it changes.
 *
 * <p>Here are the methods every supported Flink line has. A method of one line only (Flink 2.x's
 * {@code deployScript}) cannot be compiled here, against Flink 1.20: it is in {@link
 * SqlGatewayServiceAdapter}, which this class extends and of which each adapter module has its own
 * for its Flink line, together with {@code delegate()} and the {@code planScript} that a deployed
 * script goes through. So each method is forwarded in exactly one place.
 */
@Internal
public abstract class ForwardingSqlGatewayService extends SqlGatewayServiceAdapter {

    private final SqlGatewayService delegate;

    protected ForwardingSqlGatewayService(SqlGatewayService delegate) {
        this.delegate = delegate;
    }

    @Override
    protected final SqlGatewayService delegate() {
        return delegate;
    }

    @Override
    public SessionHandle openSession(SessionEnvironment environment) {
        return delegate().openSession(environment);
    }

    @Override
    public void closeSession(SessionHandle session) {
        delegate().closeSession(session);
    }

    @Override
    public void configureSession(SessionHandle session, String statement, long executionTimeoutMs) {
        delegate().configureSession(session, statement, executionTimeoutMs);
    }

    @Override
    public Map<String, String> getSessionConfig(SessionHandle session) {
        return delegate().getSessionConfig(session);
    }

    @Override
    public EndpointVersion getSessionEndpointVersion(SessionHandle session) {
        return delegate().getSessionEndpointVersion(session);
    }

    @Override
    public OperationHandle submitOperation(SessionHandle session, Callable<ResultSet> executor) {
        return delegate().submitOperation(session, executor);
    }

    @Override
    public void cancelOperation(SessionHandle session, OperationHandle operation) {
        delegate().cancelOperation(session, operation);
    }

    @Override
    public void closeOperation(SessionHandle session, OperationHandle operation) {
        delegate().closeOperation(session, operation);
    }

    @Override
    public OperationInfo getOperationInfo(SessionHandle session, OperationHandle operation) {
        return delegate().getOperationInfo(session, operation);
    }

    @Override
    public ResolvedSchema getOperationResultSchema(
            SessionHandle session, OperationHandle operation) {
        return delegate().getOperationResultSchema(session, operation);
    }

    @Override
    public OperationHandle executeStatement(
            SessionHandle session,
            String statement,
            long executionTimeoutMs,
            Configuration executionConfig) {
        return delegate().executeStatement(session, statement, executionTimeoutMs, executionConfig);
    }

    @Override
    public ResultSet fetchResults(
            SessionHandle session, OperationHandle operation, long token, int maxRows) {
        return delegate().fetchResults(session, operation, token, maxRows);
    }

    @Override
    public ResultSet fetchResults(
            SessionHandle session,
            OperationHandle operation,
            FetchOrientation orientation,
            int maxRows) {
        return delegate().fetchResults(session, operation, orientation, maxRows);
    }

    @Override
    public String getCurrentCatalog(SessionHandle session) {
        return delegate().getCurrentCatalog(session);
    }

    @Override
    public Set<String> listCatalogs(SessionHandle session) {
        return delegate().listCatalogs(session);
    }

    @Override
    public Set<String> listDatabases(SessionHandle session, String catalog) {
        return delegate().listDatabases(session, catalog);
    }

    @Override
    public Set<TableInfo> listTables(
            SessionHandle session, String catalog, String database, Set<TableKind> kinds) {
        return delegate().listTables(session, catalog, database, kinds);
    }

    @Override
    public ResolvedCatalogBaseTable<?> getTable(SessionHandle session, ObjectIdentifier table) {
        return delegate().getTable(session, table);
    }

    @Override
    public Set<FunctionInfo> listUserDefinedFunctions(
            SessionHandle session, String catalog, String database) {
        return delegate().listUserDefinedFunctions(session, catalog, database);
    }

    @Override
    public Set<FunctionInfo> listSystemFunctions(SessionHandle session) {
        return delegate().listSystemFunctions(session);
    }

    @Override
    public FunctionDefinition getFunctionDefinition(
            SessionHandle session, UnresolvedIdentifier function) {
        return delegate().getFunctionDefinition(session, function);
    }

    @Override
    public GatewayInfo getGatewayInfo() {
        return delegate().getGatewayInfo();
    }

    @Override
    public List<String> completeStatement(SessionHandle session, String statement, int position) {
        return delegate().completeStatement(session, statement, position);
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
        return delegate()
                .refreshMaterializedTable(
                        session,
                        materializedTable,
                        isPeriodic,
                        scheduleTime,
                        dynamicOptions,
                        staticPartitions,
                        executionConfig);
    }
}
