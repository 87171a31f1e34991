/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import dev.flussenrich.sql.planner.EnrichmentTarget;
import dev.flussenrich.sql.planner.EnrichmentTargets;
import dev.flussenrich.sql.planner.TargetLookup;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Finds tables as one gateway session sees them: unqualified names resolve against the session's
 * current catalog and database. One instance per statement (it remembers the current database).
 */
@Internal
final class GatewayTargetLookup implements TargetLookup {

    private static final Duration CURRENT_DATABASE_TIMEOUT = Duration.ofSeconds(30);
    private static final long POLL_MILLIS = 10;

    private final SqlGatewayService service;
    private final SessionHandle session;
    private String currentDatabase;

    /**
     * @param currentDatabase the session's current database if known (inside a statement set the
     *     session runs no other statement, so it cannot be asked then), else null
     */
    GatewayTargetLookup(SqlGatewayService service, SessionHandle session, String currentDatabase) {
        this.service = service;
        this.session = session;
        this.currentDatabase = currentDatabase;
    }

    @Override
    public Optional<EnrichmentTarget> find(List<String> identifier) {
        if (identifier.isEmpty() || identifier.size() > 3) {
            return Optional.empty();
        }
        ObjectIdentifier resolved = resolve(identifier);
        ResolvedCatalogBaseTable<?> table;
        try {
            table = service.getTable(session, resolved);
        } catch (SqlGatewayException e) {
            // No such table: Flink reports it when it plans the statement.
            return Optional.empty();
        }
        return EnrichmentTargets.of(resolved, table);
    }

    private ObjectIdentifier resolve(List<String> identifier) {
        int parts = identifier.size();
        String table = identifier.get(parts - 1);
        if (parts == 3) {
            return ObjectIdentifier.of(identifier.get(0), identifier.get(1), table);
        }
        String catalog = service.getCurrentCatalog(session);
        String database = parts == 2 ? identifier.get(0) : currentDatabase();
        return ObjectIdentifier.of(catalog, database, table);
    }

    /** The gateway service has no getter for it, so ask the session the way a user would. */
    String currentDatabase() {
        if (currentDatabase == null) {
            OperationHandle operation =
                    service.executeStatement(
                            session, "SHOW CURRENT DATABASE", 0L, new Configuration());
            try {
                currentDatabase = singleValue(operation);
            } finally {
                service.closeOperation(session, operation);
            }
        }
        return currentDatabase;
    }

    private String singleValue(OperationHandle operation) {
        long deadline = System.nanoTime() + CURRENT_DATABASE_TIMEOUT.toNanos();
        long token = 0;
        while (true) {
            ResultSet result = service.fetchResults(session, operation, token, 1);
            switch (result.getResultType()) {
                case PAYLOAD -> {
                    List<RowData> rows = result.getData();
                    if (!rows.isEmpty()) {
                        return rows.get(0).getString(0).toString();
                    }
                    token = result.getNextToken();
                }
                case EOS ->
                        throw new SqlGatewayException(
                                "SHOW CURRENT DATABASE returned no row in session " + session);
                case NOT_READY -> awaitNextPoll(deadline);
            }
        }
    }

    private void awaitNextPoll(long deadline) {
        if (System.nanoTime() > deadline) {
            throw new SqlGatewayException(
                    String.format(
                            "SHOW CURRENT DATABASE did not finish within %s in session %s.",
                            CURRENT_DATABASE_TIMEOUT, session));
        }
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SqlGatewayException("Interrupted while reading the current database.", e);
        }
    }
}
