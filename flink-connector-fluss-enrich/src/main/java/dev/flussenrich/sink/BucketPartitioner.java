/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.functions.Partitioner;

/**
 * Sends every record of a bucket to one writer subtask. A plain hash partitioning, not a {@code
 * keyBy}: in batch execution Flink sorts keyed input by key, which does not keep the offset order
 * within a bucket; a plain partitioning keeps the order in which each upstream subtask sent the
 * rows. Writers use {@link #owns} to know their buckets before they see a row of them.
 */
@Internal
final class BucketPartitioner implements Partitioner<String> {

    private static final long serialVersionUID = 1L;

    /** The partitioning key of a bucket: its number, or {@code <partition>$<number>}. */
    static String keyOf(EnrichedBucket bucket) {
        return bucket.partitionName() == null
                ? String.valueOf(bucket.bucket())
                : bucket.partitionName() + "$" + bucket.bucket();
    }

    /** Whether writer subtask {@code writer} of {@code writers} receives the rows of a bucket. */
    static boolean owns(int writer, int writers, EnrichedBucket bucket) {
        return writerOf(keyOf(bucket), writers) == writer;
    }

    @Override
    public int partition(String key, int writers) {
        return writerOf(key, writers);
    }

    private static int writerOf(String key, int writers) {
        return Math.floorMod(key.hashCode(), writers);
    }
}
