/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.progress.EnrichmentWatermarks;

import org.apache.fluss.annotation.PublicEvolving;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a read of a bucket starts: earliest, latest, the first row at or after a timestamp, an
 * explicit offset, or the enrichment watermark of a group (where an enrichment job resumes). For a
 * job writing several groups, {@code groups} names them all and the read starts at the lowest of
 * their watermarks: the groups further on drop the rows they already have as replays.
 *
 * @param value the timestamp or offset of those kinds, else 0
 * @param groups the groups of an enrichment-watermark start, else empty
 */
@PublicEvolving
public record StartPosition(Kind kind, long value, List<String> groups) implements Serializable {

    public StartPosition {
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /**
     * The kinds of start position. {@link #toString()} is the value users write in options ({@code
     * 'earliest'}, {@code 'enrichment-watermark'}, ...).
     */
    public enum Kind {
        EARLIEST("earliest"),
        LATEST("latest"),
        TIMESTAMP("timestamp"),
        OFFSET("offset"),
        ENRICHMENT_WATERMARK("enrichment-watermark");

        private final String value;

        Kind(String value) {
            this.value = value;
        }

        @Override
        public String toString() {
            return value;
        }
    }

    public static StartPosition earliest() {
        return new StartPosition(Kind.EARLIEST, 0, List.of());
    }

    public static StartPosition latest() {
        return new StartPosition(Kind.LATEST, 0, List.of());
    }

    public static StartPosition timestamp(long timestampMs) {
        return new StartPosition(Kind.TIMESTAMP, timestampMs, List.of());
    }

    public static StartPosition offset(long offset) {
        return new StartPosition(Kind.OFFSET, offset, List.of());
    }

    /** The enrichment watermark of {@code group}: where a job writing that group resumes. */
    public static StartPosition enrichmentWatermark(String group) {
        return enrichmentWatermark(group == null ? List.of() : List.of(group));
    }

    /** The lowest enrichment watermark of {@code groups} (one or more), bucket by bucket. */
    public static StartPosition enrichmentWatermark(List<String> groups) {
        return new StartPosition(Kind.ENRICHMENT_WATERMARK, 0, groups);
    }

    private long lowestWatermark(EnrichmentWatermarks watermarks, EnrichedBucket bucket) {
        long lowest = Long.MAX_VALUE;
        for (String group : groups) {
            lowest = Math.min(lowest, watermarks.watermark(group, bucket));
        }
        return lowest;
    }

    /**
     * The base offsets this position means in several buckets: one offsets request per partition
     * where the position is an offset lookup (earliest, latest, timestamp).
     */
    public Map<EnrichedBucket, Long> resolveAll(
            EnrichedTable table,
            List<EnrichedBucket> buckets,
            BucketOffsets offsets,
            EnrichmentWatermarks watermarks) {
        if (buckets.isEmpty()) {
            return Map.of();
        }
        return switch (kind) {
            case EARLIEST -> offsets.earliest(table.tablePath(), buckets);
            case LATEST -> offsets.highWatermarks(table.tablePath(), buckets);
            case TIMESTAMP -> offsets.atTimestamp(table.tablePath(), buckets, value);
            case OFFSET, ENRICHMENT_WATERMARK -> {
                Map<EnrichedBucket, Long> resolved = new HashMap<>();
                for (EnrichedBucket bucket : buckets) {
                    resolved.put(bucket, resolve(table, bucket, offsets, watermarks));
                }
                yield resolved;
            }
        };
    }

    /** The base offset this position means in one bucket. */
    public long resolve(
            EnrichedTable table,
            EnrichedBucket bucket,
            BucketOffsets offsets,
            EnrichmentWatermarks watermarks) {
        return switch (kind) {
            case EARLIEST -> offsets.earliest(table.tablePath(), bucket);
            case LATEST -> offsets.highWatermark(table.tablePath(), bucket);
            case TIMESTAMP -> offsets.atTimestamp(table.tablePath(), bucket, value);
            case OFFSET -> value;
            case ENRICHMENT_WATERMARK -> lowestWatermark(watermarks, bucket);
        };
    }
}
