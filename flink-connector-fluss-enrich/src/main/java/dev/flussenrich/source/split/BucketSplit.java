/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.split;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * One bucket (of one partition) of a logical table, read from {@code startingOffset} to {@code
 * stoppingOffset} (exclusive, {@link Long#MAX_VALUE} when unbounded).
 */
@Internal
public record BucketSplit(
        EnrichedBucket bucket, long startingOffset, long stoppingOffset, long tableId)
        implements SourceSplit {

    public static final long UNBOUNDED = Long.MAX_VALUE;

    /** The table id of a split restored from state written before splits carried one. */
    public static final long UNKNOWN_TABLE = -1;

    @Override
    public String splitId() {
        return idOf(bucket);
    }

    /** The split id of a bucket: {@code <partition>$<bucket>}, or the bucket alone. */
    public static String idOf(EnrichedBucket bucket) {
        return bucket.partitionName() == null
                ? String.valueOf(bucket.bucket())
                : bucket.partitionName() + "$" + bucket.bucket();
    }

    /** The same split, resuming at {@code offset}. */
    public BucketSplit withStartingOffset(long offset) {
        return new BucketSplit(bucket, offset, stoppingOffset, tableId);
    }
}
