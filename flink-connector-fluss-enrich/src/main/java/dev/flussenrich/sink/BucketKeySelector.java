/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.functions.KeySelector;

/** Keys enrichment records by (partition, bucket), so that each bucket has a single writer. */
@Internal
final class BucketKeySelector<T> implements KeySelector<T, String> {

    private static final long serialVersionUID = 1L;

    private final EnrichmentSerializer<T> serializer;

    BucketKeySelector(EnrichmentSerializer<T> serializer) {
        this.serializer = serializer;
    }

    @Override
    public String getKey(T record) {
        EnrichedBucket bucket = serializer.bucketOf(record);
        return bucket.partitionName() == null
                ? String.valueOf(bucket.bucket())
                : bucket.partitionName() + "$" + bucket.bucket();
    }
}
