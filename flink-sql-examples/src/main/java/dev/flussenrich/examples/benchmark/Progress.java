/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import java.util.ArrayList;
import java.util.List;

/** Completion checks of the benchmark's streaming jobs, from Fluss offsets. */
final class Progress {

    /** How many rows a job has handled so far. */
    interface Counter {
        long count() throws Exception;
    }

    private final BucketOffsets offsets;

    Progress(Connection connection) {
        this.offsets = new BucketOffsets(connection.getAdmin());
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

    /** The rows a plain table holds (sum of its high watermarks, one request). */
    Counter rowsIn(TablePath table) {
        List<EnrichedBucket> buckets = new ArrayList<>();
        for (int b = 0; b < BenchmarkSettings.BUCKETS; b++) {
            buckets.add(EnrichedBucket.of(b));
        }
        return () ->
                offsets.highWatermarks(table, buckets).values().stream()
                        .mapToLong(Long::longValue)
                        .sum();
    }
}
