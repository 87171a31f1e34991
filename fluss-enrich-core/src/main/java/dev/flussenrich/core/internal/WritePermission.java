/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.FlussConnection;
import org.apache.fluss.exception.AuthorizationException;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.rpc.messages.InitWriterRequest;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * Asks Fluss whether this connection's user may append to a table, before any row is sent.
 *
 * <p>Fluss 0.9.1 has no "may I?" call. Its writer's first request, which hands out a writer id, is
 * refused when the user lacks WRITE on the tables named in it; this sends that request for one
 * table. Without the check a missing right shows only at the first row, and a job with no rows yet
 * looks healthy.
 */
@Internal
public final class WritePermission {

    private static final Logger LOG = LoggerFactory.getLogger(WritePermission.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private WritePermission() {}

    /**
     * Throws {@link AuthorizationException} when the user may not write {@code table}; any other
     * failure is logged and left to the first append to report.
     */
    public static void require(Connection connection, TablePath table) {
        if (!(connection instanceof FlussConnection fluss)) {
            return;
        }
        InitWriterRequest request = new InitWriterRequest();
        request.addTablePath()
                .setDatabaseName(table.getDatabaseName())
                .setTableName(table.getTableName());
        try {
            FlussCalls.await(
                    fluss.getMetadataUpdater().newRandomTabletServerClient().initWriter(request),
                    TIMEOUT,
                    "the write permission check of " + table);
        } catch (AuthorizationException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.warn("Could not check the write permission on {}; writing anyway.", table, e);
        }
    }
}
