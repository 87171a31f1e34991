/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.metrics;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.read.StitchedScanner.BucketReadState;

import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.runtime.metrics.MetricNames;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Flink metrics of a source reader. Per bucket: the base rows it holds back because a group has not
 * enriched them yet, how old the oldest of them is, and the gating lag (base rows written that no
 * group's enrichment has reached this reader for). A stalled enrichment job shows on every reader
 * gated on its group: the age and the gating lag grow. Per reader, Flink's standard {@code
 * pendingRecords} and {@code currentFetchEventTimeLag} (FLIP-33).
 */
@Internal
public final class StitchedReaderMetrics {

    public static final String ROWS_HELD_BACK = "enrichmentRowsHeldBack";
    public static final String HELD_BACK_AGE = "enrichmentHeldBackAgeMs";
    public static final String GATING_LAG = "enrichmentGatingLag";

    private static final BucketReadState NOT_READ =
            new BucketReadState(Long.MAX_VALUE, Long.MAX_VALUE, 0, OptionalLong.empty());

    private final MetricGroup group;
    private final Map<EnrichedBucket, BucketReadState> states = new ConcurrentHashMap<>();
    private final Map<EnrichedBucket, Long> highWatermarks = new ConcurrentHashMap<>();
    private volatile long fetchEventTimeLag;

    public StitchedReaderMetrics(SourceReaderMetricGroup group) {
        this.group = group;
        group.setPendingRecordsGauge(this::pendingRecords);
        group.gauge(MetricNames.CURRENT_FETCH_EVENT_TIME_LAG, () -> fetchEventTimeLag);
    }

    /** Called by the fetching thread after each poll with where each bucket's read stands. */
    public void update(Map<EnrichedBucket, BucketReadState> now) {
        for (Map.Entry<EnrichedBucket, BucketReadState> bucket : now.entrySet()) {
            if (states.put(bucket.getKey(), bucket.getValue()) == null) {
                register(bucket.getKey());
            }
        }
        // Buckets no longer read (finished, retired) hold nothing back and wait for nothing.
        states.replaceAll((bucket, state) -> now.getOrDefault(bucket, NOT_READ));
        highWatermarks.keySet().retainAll(now.keySet());
    }

    /** The base high watermarks of the buckets being read, as last looked up. */
    public void updateHighWatermarks(Map<EnrichedBucket, Long> now) {
        highWatermarks.putAll(now);
    }

    /** How long ago the last row fetched was committed to Fluss (FLIP-33's fetch lag). */
    public void recordFetched(long commitMillis, long fetchMillis) {
        fetchEventTimeLag = Math.max(0, fetchMillis - commitMillis);
    }

    /** Rows in Fluss that this reader has not emitted yet: high watermark − next offset. */
    private long pendingRecords() {
        long pending = 0;
        for (Map.Entry<EnrichedBucket, Long> bucket : highWatermarks.entrySet()) {
            BucketReadState state = states.getOrDefault(bucket.getKey(), NOT_READ);
            pending += Math.max(0, bucket.getValue() - state.nextOffset());
        }
        return pending;
    }

    private long gatingLag(EnrichedBucket bucket) {
        Long highWatermark = highWatermarks.get(bucket);
        BucketReadState state = states.getOrDefault(bucket, NOT_READ);
        return highWatermark == null ? 0 : Math.max(0, highWatermark - state.enrichedUpTo());
    }

    private void register(EnrichedBucket bucket) {
        MetricGroup bucketGroup = group;
        if (bucket.partitionName() != null) {
            bucketGroup = bucketGroup.addGroup("partition", bucket.partitionName());
        }
        bucketGroup = bucketGroup.addGroup("bucket", String.valueOf(bucket.bucket()));
        bucketGroup.gauge(
                ROWS_HELD_BACK,
                (Gauge<Long>) () -> (long) states.getOrDefault(bucket, NOT_READ).heldBackRows());
        bucketGroup.gauge(
                HELD_BACK_AGE,
                (Gauge<Long>)
                        () -> {
                            OptionalLong oldest =
                                    states.getOrDefault(bucket, NOT_READ).oldestHeldBackMillis();
                            return oldest.isPresent()
                                    ? Math.max(0, System.currentTimeMillis() - oldest.getAsLong())
                                    : 0L;
                        });
        bucketGroup.gauge(GATING_LAG, (Gauge<Long>) () -> gatingLag(bucket));
    }
}
