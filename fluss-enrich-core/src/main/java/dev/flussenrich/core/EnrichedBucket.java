/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.Objects;

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

    // Written out, not the record's generated ones: writers compare a bucket per row and group,
    // and the bucket number tells most apart before the name is looked at.
    @Override
    public boolean equals(Object other) {
        return this == other
                || other instanceof EnrichedBucket that
                        && bucket == that.bucket
                        && Objects.equals(partitionName, that.partitionName);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hashCode(partitionName) + bucket;
    }

    @Override
    public String toString() {
        return partitionName == null
                ? "bucket " + bucket
                : "partition '" + partitionName + "' bucket " + bucket;
    }
}
