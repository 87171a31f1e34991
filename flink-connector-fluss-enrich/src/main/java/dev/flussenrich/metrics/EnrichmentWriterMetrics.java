/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.metrics;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.write.EnrichmentWriter;

import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Flink metrics of an enrichment writer: rows written, replayed rows dropped, NULL rows written for
 * gaps, expired base rows moved past, and per bucket the enrichment lag (base high watermark minus
 * the group's watermark, as of the last {@link #refreshLag}).
 */
@Internal
public final class EnrichmentWriterMetrics {

    public static final String ROWS_WRITTEN = "enrichmentRowsWritten";
    public static final String DUPLICATES_DROPPED = "enrichmentDuplicatesDropped";
    public static final String GAPS_FILLED = "enrichmentGapsFilled";
    public static final String EXPIRED_SKIPPED = "enrichmentExpiredSkipped";
    public static final String LAG = "enrichmentLag";

    private final MetricGroup group;
    private final EnrichmentWriter writer;
    private final Set<EnrichedBucket> registered = ConcurrentHashMap.newKeySet();
    private final Map<EnrichedBucket, Long> lagByBucket = new ConcurrentHashMap<>();

    public EnrichmentWriterMetrics(MetricGroup group, EnrichmentWriter writer) {
        this.group = group;
        this.writer = writer;
        group.gauge(ROWS_WRITTEN, (Gauge<Long>) () -> writer.stats().rowsWritten());
        group.gauge(DUPLICATES_DROPPED, (Gauge<Long>) () -> writer.stats().duplicatesDropped());
        group.gauge(GAPS_FILLED, (Gauge<Long>) () -> writer.stats().gapsFilled());
        group.gauge(EXPIRED_SKIPPED, (Gauge<Long>) () -> writer.stats().expiredSkipped());
    }

    /** Registers the lag gauge of a bucket, once; it reads 0 until the next refresh. */
    public void register(EnrichedBucket bucket) {
        // Called whenever the rows' bucket changes: a lookup does not lock the set's bin, as an add
        // does.
        if (!registered.contains(bucket) && registered.add(bucket)) {
            MetricGroup bucketGroup = group;
            if (bucket.partitionName() != null) {
                bucketGroup = bucketGroup.addGroup("partition", bucket.partitionName());
            }
            bucketGroup
                    .addGroup("bucket", String.valueOf(bucket.bucket()))
                    .gauge(LAG, (Gauge<Long>) () -> lagByBucket.getOrDefault(bucket, 0L));
        }
    }

    /**
     * Recomputes the lag of the given buckets (registering their gauges) and of every bucket
     * registered before. A bucket whose partition was dropped (or expired) is gone: its gauge reads
     * 0 and it is asked no more.
     */
    public void refreshLag(Collection<EnrichedBucket> buckets) {
        buckets.forEach(this::register);
        show(writer.lags(registered));
    }

    /**
     * Shows lags just looked up, registering their buckets' gauges; a bucket registered before and
     * left out is gone.
     */
    public void show(Map<EnrichedBucket, Long> lags) {
        lags.keySet().forEach(this::register);
        registered.retainAll(lags.keySet());
        lagByBucket.keySet().retainAll(lags.keySet());
        lagByBucket.putAll(lags);
    }
}
