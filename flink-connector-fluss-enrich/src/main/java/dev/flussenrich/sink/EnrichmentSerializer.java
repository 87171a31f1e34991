/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.row.InternalRow;

import org.apache.flink.annotation.PublicEvolving;

import java.io.Serializable;

/**
 * Tells an enrichment sink, for each record, which base row it enriches (bucket and offset, as read
 * from the source) and the group values to store.
 *
 * @param <T> the type of records the sink takes
 */
@PublicEvolving
public interface EnrichmentSerializer<T> extends Serializable {

    /** Called once per writer before the first record. */
    default void open() throws Exception {}

    /** The base row's bucket (with its partition name on partitioned tables). */
    EnrichedBucket bucketOf(T record);

    /** The base row's offset in its bucket. */
    long offsetOf(T record);

    /**
     * The group values, in the group's column order, as a Fluss row (e.g. {@code
     * GenericRow.of(BinaryString.fromString(city), score)}). The sink copies it at once.
     */
    InternalRow valuesOf(T record);
}
