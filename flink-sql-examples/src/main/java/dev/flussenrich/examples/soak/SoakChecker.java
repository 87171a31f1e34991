/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.progress.EnrichmentWatermarks;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.PartitionInfo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/**
 * After the appender stopped: waits (poll with a deadline) until each group's watermark reaches the
 * base's high watermark in every partition that still exists, the stitched read has every row of
 * those partitions, and the lake too; then counts lost, duplicated and partial rows. All waits
 * share one deadline, the catch-up time from the checker's creation, so a read that never catches
 * up still leaves time for the counts to be printed.
 */
final class SoakChecker {

    private static final Duration POLL = Duration.ofSeconds(2);

    private final Connection connection;
    private final EnrichedTable table;
    private final long deadline;

    SoakChecker(Connection connection, EnrichedTable table, Duration catchUp) {
        this.connection = connection;
        this.table = table;
        this.deadline = System.nanoTime() + catchUp.toNanos();
    }

    /** The partitions of the base table that still exist. */
    Set<String> existingPartitions() throws Exception {
        Set<String> names = new TreeSet<>();
        for (PartitionInfo info : SoakFluss.partitions(connection, table.tablePath())) {
            names.add(info.getPartitionName());
        }
        return names;
    }

    /**
     * Waits until auto-partitioning dropped every partition filled to expire, so that no partition
     * goes away while the checks run (a listing of one gone fails with PartitionNotExistException).
     */
    void awaitExpired(Set<String> expiring) throws Exception {
        while (existingPartitions().stream().anyMatch(expiring::contains)
                && System.nanoTime() < deadline) {
            Thread.sleep(POLL.toMillis());
        }
    }

    /** Per group: its watermarks and the base's high watermarks, summed, once equal or late. */
    Map<String, long[]> awaitWatermarks(Set<String> partitions) throws Exception {
        while (true) {
            Map<String, long[]> sums = watermarkSums(partitions);
            boolean caughtUp = sums.values().stream().allMatch(s -> s[0] == s[1]);
            if (caughtUp || System.nanoTime() > deadline) {
                return sums;
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    private Map<String, long[]> watermarkSums(Set<String> partitions) {
        EnrichmentWatermarks watermarks = new EnrichmentWatermarks(connection, table);
        BucketOffsets offsets = new BucketOffsets(connection);
        Map<String, long[]> sums = new LinkedHashMap<>();
        for (String group : SoakTable.GROUPS) {
            long[] sum = new long[2];
            for (String partition : partitions) {
                for (int b = 0; b < table.numBuckets(); b++) {
                    EnrichedBucket bucket = EnrichedBucket.of(partition, b);
                    sum[0] += watermarks.watermark(group, bucket);
                    sum[1] += offsets.highWatermark(table.tablePath(), bucket);
                }
            }
            sums.put(group, sum);
        }
        return sums;
    }

    /** Polls {@code read} until it holds every expected id or the deadline passes. */
    SoakRows awaitAll(Callable<SoakRows> read, Set<Long> expected) throws Exception {
        while (true) {
            SoakRows rows = read.call();
            if (rows.containsAll(expected) || System.nanoTime() > deadline) {
                // a duplicate arrives with the rows: one more poll's time for it to show
                Thread.sleep(POLL.toMillis());
                return read.call();
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** The counts of one read against the expected ids. */
    static ReadCounts count(String name, SoakRows rows, Set<Long> expected) {
        return new ReadCounts(
                name,
                expected.size(),
                rows.distinctIds(),
                rows.lost(expected),
                rows.duplicated(),
                rows.partial(),
                rows.lostSample(expected),
                new ArrayList<>(rows.partialSample()));
    }

    /** What one read saw. */
    record ReadCounts(
            String name,
            long expected,
            long distinct,
            long lost,
            long duplicated,
            long partial,
            List<String> lostSample,
            List<String> partialSample) {

        boolean ok() {
            return lost == 0 && duplicated == 0 && partial == 0;
        }
    }
}
