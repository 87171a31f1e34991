/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Appends base rows with ids 0, 1, 2, ... at a steady rate: every other batch to the partition of
 * the start hour, the others to a side partition of a future hour, which {@link #rotateSide} swaps
 * for a new one so that the old one can be dropped; and every {@code expiryEvery} one second of
 * rows to a new partition older than the retention, which auto-partitioning drops at its next
 * check: partitions expire during the run. Remembers the partition of each id it appended and the
 * ids whose append failed (stored or not: unknown).
 */
final class BaseRowAppender implements AutoCloseable {

    private static final int BATCHES_PER_SECOND = 10;
    private static final Duration CREATE_TIMEOUT = Duration.ofSeconds(30);

    private final Connection connection;
    private final SoakSettings settings;
    private final PrintStream log;
    private final ConcurrentMap<Long, String> appended = new ConcurrentHashMap<>();
    private final Set<Long> unknown = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private final String livePartition;
    private volatile boolean stopping;
    private volatile Exception failure;
    private final Object batchLock = new Object();
    private volatile long nextId;
    private int oldPartitionsMade;
    private final Set<String> expiring = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private int sidePartitions;
    private String sidePartition;

    /** The appender gets a connection of its own: a batch stuck in it must not hold up others. */
    BaseRowAppender(Configuration clientConf, SoakSettings settings, PrintStream log) {
        this.connection = ConnectionFactory.createConnection(clientConf);
        this.settings = settings;
        this.log = log;
        this.livePartition = SoakTable.partitionOf(Instant.now());
        this.thread = new Thread(this::appendUntilStopped, "soak-appender");
    }

    void start() throws Exception {
        createPartition(livePartition);
        sidePartition = newSidePartition();
        thread.start();
    }

    /**
     * Moves the side rows to a new partition; returns the old one, which gets no more rows, once
     * its appends are acknowledged (or after 30 s: a batch for a partition dropped under it would
     * be retried by the Fluss client for ever).
     */
    String rotateSide() throws Exception {
        String next = newSidePartition();
        String old;
        synchronized (batchLock) {
            old = sidePartition;
            sidePartition = next;
        }
        awaitAcknowledged(old);
        return old;
    }

    /** Waits up to 30 s until no append to the partition waits for its acknowledgement. */
    private void awaitAcknowledged(String partition) throws InterruptedException {
        long deadline = System.nanoTime() + CREATE_TIMEOUT.toNanos();
        while (inFlight.getOrDefault(partition, new AtomicInteger()).get() > 0
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    private String newSidePartition() throws Exception {
        sidePartitions++;
        String partition =
                SoakTable.partitionOf(Instant.now().plus(sidePartitions + 2, ChronoUnit.HOURS));
        createPartition(partition);
        return partition;
    }

    /**
     * Creates a partition, asking again for up to 30 s: Fluss refuses while a tablet server is down
     * ("Replication factor: 3 larger than available tablet servers: 2").
     */
    private void createPartition(String partition) throws Exception {
        long deadline = System.nanoTime() + CREATE_TIMEOUT.toNanos();
        while (true) {
            try {
                connection
                        .getAdmin()
                        .createPartition(
                                SoakTable.PATH, new PartitionSpec(Map.of("dt", partition)), true)
                        .get();
                return;
            } catch (ExecutionException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(500);
            }
        }
    }

    private void appendUntilStopped() {
        int batch = Math.max(1, settings.rowsPerSecond() / BATCHES_PER_SECOND);
        long nextExpiry = System.nanoTime() + settings.expiryEvery().toNanos();
        try (Table table = connection.getTable(SoakTable.PATH)) {
            AppendWriter writer = table.newAppend().createWriter();
            long batches = 0;
            while (!stopping) {
                long tick = System.nanoTime();
                if (tick > nextExpiry) {
                    nextExpiry = tick + settings.expiryEvery().toNanos();
                    appendToExpiringPartition(writer, batch * BATCHES_PER_SECOND);
                }
                synchronized (batchLock) {
                    append(writer, batches++ % 2 == 0 ? livePartition : sidePartition, batch);
                }
                long pause = Duration.ofSeconds(1).toNanos() / BATCHES_PER_SECOND;
                long left = tick + pause - System.nanoTime();
                if (left > 0) {
                    Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
                }
            }
        } catch (Exception e) {
            failure = e;
            log.println("appender stopped by " + e);
        }
    }

    private void appendToExpiringPartition(AppendWriter writer, int rows) throws Exception {
        oldPartitionsMade++;
        String partition =
                SoakTable.partitionOf(
                        Instant.now()
                                .minus(
                                        SoakTable.RETAINED_HOURS + oldPartitionsMade,
                                        ChronoUnit.HOURS));
        try {
            createPartition(partition);
            append(writer, partition, rows);
            awaitAcknowledged(partition); // in before auto-partitioning drops it
            expiring.add(partition);
            log.printf("appender: %d rows into partition %s, which will expire%n", rows, partition);
        } catch (Exception e) {
            log.printf("appender: partition %s could not be filled (%s)%n", partition, e);
        }
    }

    /**
     * Appends without waiting: an id counts as appended once Fluss acknowledged it (replicated),
     * and as unknown if its append failed (its batch may or may not be stored).
     */
    private void append(AppendWriter writer, String partition, int rows) {
        AtomicInteger pending = inFlight.computeIfAbsent(partition, p -> new AtomicInteger());
        for (int i = 0; i < rows; i++) {
            long id = nextId++;
            pending.incrementAndGet();
            writer.append(GenericRow.of(id, BinaryString.fromString(partition)))
                    .whenComplete(
                            (result, error) -> {
                                pending.decrementAndGet();
                                if (error == null) {
                                    appended.put(id, partition);
                                } else {
                                    unknown.add(id);
                                    if (unknown.size() == 1) {
                                        log.printf(
                                                "appender: id %d of %s unknown (%s)%n",
                                                id, partition, error);
                                    }
                                }
                            });
        }
    }

    /**
     * Stops appending and waits up to 30 s until every append is acknowledged or failed; an append
     * still waiting then (its partition dropped under it) counts as unknown.
     */
    @Override
    public void close() throws Exception {
        if (stopping) {
            return;
        }
        stopping = true;
        thread.join();
        long deadline = System.nanoTime() + CREATE_TIMEOUT.toNanos();
        while (appended.size() + unknown.size() < nextId && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        for (long id = 0; id < nextId; id++) {
            if (!appended.containsKey(id)) {
                unknown.add(id);
            }
        }
        closeConnection();
    }

    /** Closes the connection, giving up after 30 s (the Fluss client waits for stuck batches). */
    private void closeConnection() throws InterruptedException {
        Thread closer =
                new Thread(
                        () -> {
                            try {
                                connection.close();
                            } catch (Exception e) {
                                log.println("appender: closing its connection failed: " + e);
                            }
                        },
                        "soak-appender-close");
        closer.setDaemon(true);
        closer.start();
        closer.join(CREATE_TIMEOUT.toMillis());
    }

    /** The ids appended to these partitions (the ones that still exist). */
    Set<Long> idsIn(Set<String> partitions) {
        Set<Long> ids = new HashSet<>();
        appended.forEach(
                (id, partition) -> {
                    if (partitions.contains(partition)) {
                        ids.add(id);
                    }
                });
        return ids;
    }

    /** The partition an id was appended to, or null if its append failed. */
    String partitionOf(long id) {
        return appended.get(id);
    }

    String livePartition() {
        return livePartition;
    }

    /** The partitions filled to expire. */
    Set<String> expiringPartitions() {
        return Set.copyOf(expiring);
    }

    /** The partitions filled to expire that are gone now. */
    int expiredPartitions(Set<String> existing) {
        return (int) expiring.stream().filter(p -> !existing.contains(p)).count();
    }

    int appendedRows() {
        return appended.size();
    }

    Set<Long> unknownIds() {
        return unknown;
    }

    Exception failure() {
        return failure;
    }
}
