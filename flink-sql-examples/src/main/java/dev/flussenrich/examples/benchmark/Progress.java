/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.internal.ManyPartitionOffsets;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.client.admin.ListOffsetsResult;
import org.apache.fluss.client.admin.OffsetSpec.LatestSpec;
import org.apache.fluss.metadata.PartitionInfo;
import org.apache.fluss.metadata.TablePath;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.IntStream;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.BUCKETS;

/** Completion checks of the benchmark's streaming jobs, from Fluss offsets. */
final class Progress {

    /** How many rows a job has handled so far. */
    interface Counter {
        long count() throws Exception;
    }

    private static final List<Integer> BUCKET_IDS = IntStream.range(0, BUCKETS).boxed().toList();
    private static final long REQUEST_WAIT_SECONDS = 5;

    private final Admin admin;
    private final BucketOffsets offsets;
    private final ManyPartitionOffsets requests;

    Progress(Connection connection) {
        this.admin = connection.getAdmin();
        this.offsets = new BucketOffsets(connection);
        this.requests = ManyPartitionOffsets.of(connection);
    }

    /** The fewest rows any of {@code tables} holds: all are done when the last one is. */
    Counter rowsInEach(List<TablePath> tables) {
        List<Counter> counters = tables.stream().map(this::rowsIn).toList();
        return () -> {
            long fewest = Long.MAX_VALUE;
            for (Counter counter : counters) {
                fewest = Math.min(fewest, counter.count());
            }
            return fewest;
        };
    }

    /**
     * The rows a plain table holds: the sum of its high watermarks, one request, or one per
     * partition, all sent together.
     */
    Counter rowsIn(TablePath table) {
        if (BenchmarkSettings.PARTITIONING.enabled()) {
            return () -> rowsInPartitions(table);
        }
        List<EnrichedBucket> buckets = BUCKET_IDS.stream().map(EnrichedBucket::of).toList();
        return () ->
                offsets.highWatermarks(table, buckets).values().stream()
                        .mapToLong(Long::longValue)
                        .sum();
    }

    /**
     * The partitions a job's writers have created so far, asked after one metadata update (as the
     * connector's own lookups are). A partition created a moment ago may have no bucket leader yet:
     * it counts as empty until the next poll.
     */
    private long rowsInPartitions(TablePath table) throws Exception {
        Map<String, List<Integer>> buckets = new LinkedHashMap<>();
        for (PartitionInfo partition : admin.listPartitionInfos(table).get()) {
            buckets.put(partition.getPartitionName(), BUCKET_IDS);
        }
        long rows = 0;
        for (ListOffsetsResult result :
                requests.sendAll(table, buckets, new LatestSpec()).values()) {
            if (result == null) {
                continue; // "Leader not found": not served yet
            }
            try {
                for (long highWatermark :
                        result.all().get(REQUEST_WAIT_SECONDS, TimeUnit.SECONDS).values()) {
                    rows += highWatermark;
                }
            } catch (ExecutionException | TimeoutException e) {
                // not served yet
            }
        }
        return rows;
    }
}
