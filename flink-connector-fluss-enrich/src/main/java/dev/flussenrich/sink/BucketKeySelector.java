/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.functions.KeySelector;

/** The (partition, bucket) of an enrichment record, as the {@link BucketPartitioner} key. */
@Internal
final class BucketKeySelector<T> implements KeySelector<T, String> {

    private static final long serialVersionUID = 1L;

    private final EnrichmentSerializer<T> serializer;

    BucketKeySelector(EnrichmentSerializer<T> serializer) {
        this.serializer = serializer;
    }

    @Override
    public String getKey(T record) {
        return BucketPartitioner.keyOf(serializer.bucketOf(record));
    }
}
