/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
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
    private int sidePartitions;
    private String sidePartition;

    BaseRowAppender(Connection connection, SoakSettings settings, PrintStream log) {
        this.connection = connection;
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

    /** Moves the side rows to a new partition; returns the old one, which gets no more rows. */
    String rotateSide() throws Exception {
        String next = newSidePartition();
        synchronized (batchLock) {
            String old = sidePartition;
            sidePartition = next;
            return old;
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
            writer.flush();
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
            writer.flush(); // in before auto-partitioning drops it
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
        for (int i = 0; i < rows; i++) {
            long id = nextId++;
            writer.append(GenericRow.of(id, BinaryString.fromString(partition)))
                    .whenComplete(
                            (result, error) -> {
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

    /** Stops appending and waits until every append is acknowledged or failed. */
    @Override
    public void close() throws Exception {
        stopping = true;
        thread.join();
        long deadline = System.nanoTime() + CREATE_TIMEOUT.toNanos();
        while (appended.size() + unknown.size() < nextId && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
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
