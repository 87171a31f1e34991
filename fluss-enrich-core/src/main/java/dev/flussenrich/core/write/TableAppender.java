/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.core.internal.WritePermission;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.exception.AuthorizationException;
import org.apache.fluss.metadata.ResolvedPartitionSpec;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.InternalRow;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Appends rows to one Fluss log table for one writer: creates each partition before its first row
 * (see {@link PartitionCreator}), remembers the first asynchronous append failure, tells a listener
 * about it at once and rethrows it on the next call. Shared by the base sink writer and the {@link
 * EnrichmentWriter}. Not thread-safe, like the writers that use it.
 */
@Internal
public final class TableAppender implements AutoCloseable {

    private final Table table;
    private final AppendWriter writer;
    private final PartitionCreator partitions;
    private final String what;
    private final AtomicReference<Throwable> asyncFailure = new AtomicReference<>();
    private volatile Runnable failureListener = () -> {};

    /**
     * @param what the write as error messages name it, e.g. {@code "Writing to table 'db.t'"}
     */
    public TableAppender(Connection connection, TablePath path, String what) {
        this.table = FlussCalls.retrying(() -> connection.getTable(path));
        requireWritePermission(connection, path, what);
        this.writer = table.newAppend().createWriter();
        this.partitions = new PartitionCreator(connection.getAdmin(), table.getTableInfo());
        this.what = what;
    }

    private static void requireWritePermission(Connection connection, TablePath path, String what) {
        try {
            WritePermission.require(connection, path);
        } catch (AuthorizationException e) {
            String user =
                    Optional.ofNullable(
                                    connection
                                            .getConfiguration()
                                            .get(ConfigOptions.CLIENT_SASL_JAAS_USERNAME))
                            .orElse("<this job's user>");
            throw new AuthorizationException(
                    String.format(
                            "%s is not allowed: Fluss user '%s' has no WRITE permission on table"
                                    + " '%s' (Fluss: %s). Nothing was written. Grant it, e.g."
                                    + " with Fluss's catalog: CALL <fluss catalog>.sys.add_acl("
                                    + "'cluster.%s', 'ALLOW', 'User:%s', 'WRITE', '*'); the job"
                                    + " then succeeds on its next restart.",
                            what, user, path, e.getMessage(), path, user));
        }
    }

    public TableInfo tableInfo() {
        return table.getTableInfo();
    }

    /** Creates the partition unless it exists and waits until it is served; returns its spec. */
    public ResolvedPartitionSpec ensurePartition(String partitionName) {
        return partitions.ensure(partitionName);
    }

    /**
     * Runs {@code listener} on Fluss's sender thread when the first append fails, so that a writer
     * with no more rows to write can still surface the failure (e.g. hand {@link #rethrowFailure}
     * to its task thread).
     */
    public void onFailure(Runnable listener) {
        this.failureListener = listener;
    }

    /** Queues a row; a failure of an earlier append is thrown here. */
    public void append(InternalRow row) {
        rethrowFailure();
        writer.append(row)
                .whenComplete(
                        (ignored, error) -> {
                            if (error != null && asyncFailure.compareAndSet(null, error)) {
                                failureListener.run();
                            }
                        });
    }

    /** Waits until every queued row is acknowledged; rethrows the first failure. */
    public void flush() {
        rethrowFailure();
        writer.flush();
        rethrowFailure();
    }

    /** Throws the first asynchronous append failure, if any. */
    public void rethrowFailure() {
        Throwable failure = asyncFailure.get();
        if (failure != null) {
            throw new IllegalStateException(what + " failed: " + failure.getMessage(), failure);
        }
    }

    @Override
    public void close() throws Exception {
        table.close();
    }
}
