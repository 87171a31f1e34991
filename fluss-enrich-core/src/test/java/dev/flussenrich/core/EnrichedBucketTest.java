/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Buckets are values: writers and readers key their state by them. */
class EnrichedBucketTest {

    @Test
    void bucketsOfTheSamePartitionAndNumberAreEqual() {
        assertThat(EnrichedBucket.of(3)).isEqualTo(new EnrichedBucket(null, 3));
        assertThat(EnrichedBucket.of("2024-05-01", 3))
                .isEqualTo(EnrichedBucket.of(new String("2024-05-01"), 3))
                .hasSameHashCodeAs(EnrichedBucket.of(new String("2024-05-01"), 3));
    }

    @Test
    void anotherNumberOrPartitionIsAnotherBucket() {
        Set<EnrichedBucket> buckets =
                Set.of(
                        EnrichedBucket.of(3),
                        EnrichedBucket.of(4),
                        EnrichedBucket.of("2024-05-01", 3),
                        EnrichedBucket.of("2024-05-02", 3));
        assertThat(buckets).hasSize(4);
        assertThat(EnrichedBucket.of(3)).isNotEqualTo(EnrichedBucket.of("2024-05-01", 3));
        assertThat(EnrichedBucket.of("2024-05-01", 3)).isNotEqualTo(EnrichedBucket.of(3));
        assertThat(EnrichedBucket.of(3)).isNotEqualTo("bucket 3");
    }
}
