/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.PartitionIds;
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
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.InternalRow;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Appends rows to one Fluss log table for one writer: creates each partition before its first row
 * (see {@link PartitionCreator}), remembers the first asynchronous append failure, tells a listener
 * about it at once and rethrows it on the next call. Shared by the base sink writer and the {@link
 * EnrichmentWriter}. Not thread-safe, like the writers that use it.
 */
@Internal
public final class TableAppender implements AutoCloseable {

    /**
     * How long a flush of a partitioned table waits before it checks its partitions still exist.
     */
    static final Duration PARTITION_CHECK = Duration.ofSeconds(10);

    private final Table table;

    /** Appends where the sender does not apply; its flush also flushes the sender's rows. */
    private final AppendWriter writer;

    /** Sends the rows where Fluss's internal writer client applies (see {@link ArrowLogSender}). */
    private final @Nullable ArrowLogSender sender;

    private final PartitionCreator partitions;
    private final PartitionIds partitionIds;
    private final String what;
    private final Duration partitionCheck;

    /** Partitions with rows appended since the last flush: rows that may not be sent yet. */
    private final Set<String> unflushedPartitions = new HashSet<>();

    private ExecutorService flusher;
    private final AtomicReference<Throwable> asyncFailure = new AtomicReference<>();
    private volatile Runnable failureListener = () -> {};

    /**
     * @param what the write as error messages name it, e.g. {@code "Writing to table 'db.t'"}
     */
    public TableAppender(Connection connection, TablePath path, String what) {
        this(connection, path, what, PARTITION_CHECK);
    }

    TableAppender(Connection connection, TablePath path, String what, Duration partitionCheck) {
        this.table = FlussCalls.retrying(() -> connection.getTable(path));
        requireWritePermission(connection, path, what);
        this.writer = table.newAppend().createWriter();
        this.sender =
                ArrowLogSender.forTable(connection, table.getTableInfo(), this::onAppended)
                        .orElse(null);
        this.partitions = new PartitionCreator(connection, table.getTableInfo());
        this.partitionIds = new PartitionIds(connection.getAdmin(), path);
        this.what = what;
        this.partitionCheck = partitionCheck;
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
     * Sends the creation of partitions about to be written, without waiting: {@link
     * #ensurePartition} waits for each at its first row (see {@link PartitionCreator#createAhead}).
     */
    public void createPartitionsAhead(Collection<String> partitionNames) {
        partitions.createAhead(partitionNames);
    }

    /** Forgets a partition that no longer exists: its next row creates it again. */
    public void forgetPartition(String partitionName) {
        partitions.forget(partitionName);
        if (sender != null) {
            sender.forgetPartition(partitionName);
        }
    }

    /**
     * Runs {@code listener} on a Fluss client thread when the first append fails, so that a writer
     * with no more rows to write can still surface the failure (e.g. hand {@link #rethrowFailure}
     * to its task thread).
     */
    public void onFailure(Runnable listener) {
        this.failureListener = listener;
    }

    /**
     * Queues a row of a partition ({@code null} for a table without partitions); a failure of an
     * earlier append is thrown here.
     */
    public void append(InternalRow row, @Nullable String partitionName) {
        rethrowFailure();
        if (partitionName != null) {
            unflushedPartitions.add(partitionName);
        }
        if (sender != null) {
            sender.send(row, partitionName);
        } else {
            writer.append(row).whenComplete((ignored, error) -> onAppended(null, -1, error));
        }
    }

    /**
     * Each row's outcome, from a Fluss client thread: its network thread when the batch is
     * answered, its sender thread when the batch fails before that.
     */
    private void onAppended(@Nullable TableBucket bucket, long logEndOffset, Throwable error) {
        if (error != null && asyncFailure.compareAndSet(null, error)) {
            failureListener.run();
        }
    }

    /** Waits until every queued row is acknowledged; rethrows the first failure. */
    public void flush() {
        rethrowFailure();
        if (unflushedPartitions.isEmpty()) {
            writer.flush();
        } else {
            flushWhilePartitionsExist();
            unflushedPartitions.clear();
        }
        rethrowFailure();
    }

    /**
     * Fluss 0.9.1's writer never gives up the rows of a partition dropped before they were sent,
     * and while it holds them its sender sends nothing at all, for any partition (each round stops
     * at the failed metadata update of the dropped one): its flush would wait for ever, and so
     * would every checkpoint. So the flush runs aside, and every {@link #PARTITION_CHECK} the
     * partitions written since the last flush are looked up; one that is gone fails the flush.
     */
    private void flushWhilePartitionsExist() {
        Future<?> flushing = flusher().submit(writer::flush);
        while (true) {
            try {
                flushing.get(partitionCheck.toMillis(), TimeUnit.MILLISECONDS);
                return;
            } catch (TimeoutException e) {
                Set<String> existing = partitionIds.all().keySet();
                for (String partition : unflushedPartitions) {
                    if (!existing.contains(partition)) {
                        throw new IllegalStateException(
                                String.format(
                                        "%s cannot finish: partition '%s' was dropped while rows"
                                                + " for it were waiting to be sent, and Fluss's"
                                                + " writer then sends no row of any partition. The"
                                                + " job restarts from its last checkpoint and"
                                                + " writes the rows again; those of the dropped"
                                                + " partition are gone with it.",
                                        what, partition));
                    }
                }
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw new IllegalStateException(what + " failed: " + e.getCause(), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(what + " was interrupted while flushing", e);
            }
        }
    }

    private ExecutorService flusher() {
        if (flusher == null) {
            flusher =
                    Executors.newSingleThreadExecutor(
                            runnable -> {
                                Thread thread = new Thread(runnable, "fluss-enrich-flush " + what);
                                thread.setDaemon(true);
                                return thread;
                            });
        }
        return flusher;
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
        if (flusher != null) {
            flusher.shutdownNow();
        }
        table.close();
    }
}
