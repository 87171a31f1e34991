/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.metrics;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.StitchedScanner.HeldBack;

import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Flink metrics of a reader of group columns, per bucket: the base rows it holds back because a
 * group has not enriched them yet, and how old the oldest of them is. A stalled enrichment job
 * shows on every reader gated on its group: the age grows.
 */
@Internal
public final class StitchedReaderMetrics {

    public static final String ROWS_HELD_BACK = "enrichmentRowsHeldBack";
    public static final String HELD_BACK_AGE = "enrichmentHeldBackAgeMs";

    private static final HeldBack NONE = new HeldBack(0, OptionalLong.empty());

    private final MetricGroup group;
    private final Map<EnrichedBucket, HeldBack> heldBack = new ConcurrentHashMap<>();

    public StitchedReaderMetrics(MetricGroup group) {
        this.group = group;
    }

    /** Called by the fetching thread after each poll with what the scanner holds back now. */
    public void update(Map<EnrichedBucket, HeldBack> now) {
        for (Map.Entry<EnrichedBucket, HeldBack> bucket : now.entrySet()) {
            if (heldBack.put(bucket.getKey(), bucket.getValue()) == null) {
                register(bucket.getKey());
            }
        }
        // Buckets no longer read (finished, retired) hold nothing back.
        heldBack.replaceAll((bucket, held) -> now.containsKey(bucket) ? held : NONE);
    }

    private void register(EnrichedBucket bucket) {
        MetricGroup bucketGroup = group;
        if (bucket.partitionName() != null) {
            bucketGroup = bucketGroup.addGroup("partition", bucket.partitionName());
        }
        bucketGroup = bucketGroup.addGroup("bucket", String.valueOf(bucket.bucket()));
        bucketGroup.gauge(
                ROWS_HELD_BACK,
                (Gauge<Long>) () -> (long) heldBack.getOrDefault(bucket, NONE).rows());
        bucketGroup.gauge(
                HELD_BACK_AGE,
                (Gauge<Long>)
                        () -> {
                            HeldBack held = heldBack.getOrDefault(bucket, NONE);
                            return held.oldestCommitMillis().isPresent()
                                    ? Math.max(
                                            0,
                                            System.currentTimeMillis()
                                                    - held.oldestCommitMillis().getAsLong())
                                    : 0L;
                        });
    }
}
