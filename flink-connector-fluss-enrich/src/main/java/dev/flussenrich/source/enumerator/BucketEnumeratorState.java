/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.enumerator;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.source.split.BucketSplit;

import org.apache.flink.annotation.Internal;

import java.util.List;
import java.util.Set;

/**
 * The enumerator's checkpoint: buckets already handed to readers (their positions live in the
 * readers' state), splits discovered but not yet assigned, and whether the first discovery (the one
 * that applies the configured start position) ran.
 */
@Internal
public record BucketEnumeratorState(
        Set<EnrichedBucket> assignedBuckets,
        List<BucketSplit> pendingSplits,
        boolean initialDiscoveryDone) {

    public BucketEnumeratorState {
        assignedBuckets = Set.copyOf(assignedBuckets);
        pendingSplits = List.copyOf(pendingSplits);
    }
}
