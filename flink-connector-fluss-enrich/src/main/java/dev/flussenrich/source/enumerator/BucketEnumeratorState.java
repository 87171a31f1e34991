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
 * readers' state) and splits discovered but not yet assigned.
 */
@Internal
public record BucketEnumeratorState(
        Set<EnrichedBucket> assignedBuckets, List<BucketSplit> pendingSplits) {

    public BucketEnumeratorState {
        assignedBuckets = Set.copyOf(assignedBuckets);
        pendingSplits = List.copyOf(pendingSplits);
    }
}
