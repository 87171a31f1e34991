/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;

import javax.annotation.Nullable;

import java.io.Serializable;

/**
 * One bucket of a logical table, named the same way in the base and in every companion: the
 * partition by name (partition ids differ between tables) and the bucket number.
 *
 * @param partitionName the partition name, or null for a non-partitioned table
 * @param bucket the bucket number
 */
@PublicEvolving
public record EnrichedBucket(@Nullable String partitionName, int bucket) implements Serializable {

    public static EnrichedBucket of(int bucket) {
        return new EnrichedBucket(null, bucket);
    }

    public static EnrichedBucket of(@Nullable String partitionName, int bucket) {
        return new EnrichedBucket(partitionName, bucket);
    }

    @Override
    public String toString() {
        return partitionName == null
                ? "bucket " + bucket
                : "partition '" + partitionName + "' bucket " + bucket;
    }
}
