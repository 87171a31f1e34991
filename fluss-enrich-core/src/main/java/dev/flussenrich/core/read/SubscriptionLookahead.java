/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.progress.CompanionProbe;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.metadata.TablePath;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The offsets a {@link StitchedScanner}'s subscriptions need: the base's log start, each
 * companion's log start and high watermark, and the source offsets of each companion bucket's first
 * and last row. {@link #prepare} looks them up for many buckets at once (one request per table and
 * partition, and two probing scanners per companion, instead of as many per bucket); each lookup
 * then takes what was prepared for it, once, and asks Fluss for what was not.
 */
@Internal
final class SubscriptionLookahead {

    private static final Logger LOG = LoggerFactory.getLogger(SubscriptionLookahead.class);

    private final TablePath basePath;
    private final List<ScannedTable> companions;
    private final BucketOffsets offsets;
    private final CompanionProbe probe;
    private final Map<PreparedOffset, Long> preparedOffsets = new HashMap<>();
    private final Map<PreparedSource, Long> preparedSources = new HashMap<>();

    /** An offset looked up ahead by {@link #prepare}. */
    private record PreparedOffset(TablePath table, EnrichedBucket bucket, boolean logStart) {}

    /** A companion row's source offset read ahead by {@link #prepare}. */
    private record PreparedSource(TablePath companion, EnrichedBucket bucket, long logOffset) {}

    SubscriptionLookahead(ScannedTables tables, BucketOffsets offsets, CompanionProbe probe) {
        this.basePath = tables.base().path();
        this.companions = tables.companions();
        this.offsets = offsets;
        this.probe = probe;
    }

    /**
     * Looks up, for the buckets about to be subscribed, the offsets each subscription needs (for
     * the unbounded ones, also the base high watermark; for those read from past base offset 0, the
     * companions' high watermarks and first and last rows, see {@link CompanionStart}). A failed
     * lookup leaves the subscriptions to ask one by one.
     */
    void prepare(List<StitchedScanner.BucketRange> ranges) {
        if (ranges.isEmpty()) {
            return;
        }
        List<EnrichedBucket> buckets =
                ranges.stream().map(StitchedScanner.BucketRange::bucket).toList();
        List<EnrichedBucket> unbounded =
                ranges.stream()
                        .filter(range -> range.stopOffset() == Long.MAX_VALUE)
                        .map(StitchedScanner.BucketRange::bucket)
                        .toList();
        try {
            Map<EnrichedBucket, Long> baseStarts = offsets.earliest(basePath, buckets);
            remember(basePath, baseStarts, true);
            if (!unbounded.isEmpty()) {
                remember(basePath, offsets.highWatermarks(basePath, unbounded), false);
            }
            Set<EnrichedBucket> estimated =
                    ranges.stream()
                            .filter(range -> needsEstimate(range, baseStarts))
                            .map(StitchedScanner.BucketRange::bucket)
                            .collect(Collectors.toSet());
            for (ScannedTable companion : companions) {
                prepareCompanion(companion, buckets, estimated);
            }
        } catch (RuntimeException e) {
            LOG.debug("Could not look up the start offsets of {} at once", buckets, e);
            forget();
        }
    }

    /**
     * Whether a bucket's companion starts need estimating: not if its read starts at base offset 0
     * once the subscription moves it past expired rows ({@link ReadRecovery#startPastExpired}).
     */
    private static boolean needsEstimate(
            StitchedScanner.BucketRange range, Map<EnrichedBucket, Long> baseStarts) {
        long logStart = baseStarts.getOrDefault(range.bucket(), 0L);
        return CompanionStart.needsEstimate(
                ReadRecovery.startPastExpired(range.startOffset(), range.stopOffset(), logStart));
    }

    /**
     * The companion's log starts and high watermarks of the buckets whose partition it has; for the
     * {@code estimated} ones also their first and last rows.
     */
    private void prepareCompanion(
            ScannedTable companion, List<EnrichedBucket> buckets, Set<EnrichedBucket> estimated) {
        List<EnrichedBucket> present = buckets.stream().filter(companion::hasPartitionOf).toList();
        if (present.isEmpty()) {
            return;
        }
        Map<EnrichedBucket, Long> starts = offsets.earliest(companion.path(), present);
        remember(companion.path(), starts, true);
        Map<EnrichedBucket, Long> probed = new HashMap<>(starts);
        probed.keySet().retainAll(estimated);
        // Every bucket's high watermark where the base follows the companion through a backlog.
        List<EnrichedBucket> ended =
                BucketStitcher.baseFollowsCompanion(companions.size())
                        ? present
                        : List.copyOf(probed.keySet());
        if (ended.isEmpty()) {
            return; // nothing probed either
        }
        Map<EnrichedBucket, Long> ends = offsets.highWatermarks(companion.path(), ended);
        remember(companion.path(), ends, false);
        if (!probed.isEmpty()) {
            probeEnds(companion, probed, ends);
        }
    }

    /** Forgets what was prepared and not used: offsets move. */
    void forget() {
        preparedOffsets.clear();
        preparedSources.clear();
    }

    /**
     * Reads, in every bucket of a companion that holds rows, the source offsets of its first and
     * last row (where a companion read is placed, see {@link CompanionStart}): two scanners for all
     * buckets, read at once.
     */
    private void probeEnds(
            ScannedTable companion,
            Map<EnrichedBucket, Long> starts,
            Map<EnrichedBucket, Long> ends) {
        Map<EnrichedBucket, Long> firstRows = new HashMap<>();
        Map<EnrichedBucket, Long> lastRows = new HashMap<>();
        starts.forEach(
                (bucket, start) -> {
                    Long end = ends.get(bucket);
                    if (end != null && end > start) {
                        firstRows.put(bucket, start);
                        lastRows.put(bucket, end - 1);
                    }
                });
        List<Map<EnrichedBucket, Long>> positionSets = List.of(firstRows, lastRows);
        List<Map<EnrichedBucket, Long>> sources =
                probe.sourceOffsetsAt(
                        companion.path(),
                        positionSets,
                        bucket -> companion.partitionId(bucket).orElse(null));
        for (int set = 0; set < positionSets.size(); set++) {
            Map<EnrichedBucket, Long> positions = positionSets.get(set);
            sources.get(set)
                    .forEach(
                            (bucket, source) ->
                                    preparedSources.put(
                                            new PreparedSource(
                                                    companion.path(),
                                                    bucket,
                                                    positions.get(bucket)),
                                            source));
        }
    }

    private void remember(TablePath path, Map<EnrichedBucket, Long> found, boolean logStart) {
        found.forEach(
                (bucket, offset) ->
                        preparedOffsets.put(new PreparedOffset(path, bucket, logStart), offset));
    }

    /** The source offset of the companion row at {@code logOffset} of a bucket. */
    long sourceOffsetAt(ScannedTable companion, EnrichedBucket bucket, long logOffset) {
        Long prepared =
                preparedSources.remove(new PreparedSource(companion.path(), bucket, logOffset));
        if (prepared != null) {
            return prepared;
        }
        Long partitionId = companion.partitionId(bucket).orElse(null);
        return probe.sourceOffsetAt(companion.path(), partitionId, bucket.bucket(), logOffset);
    }

    /** The first offset a table still stores in a bucket. */
    long logStart(TablePath path, EnrichedBucket bucket) {
        Long prepared = preparedOffsets.remove(new PreparedOffset(path, bucket, true));
        return prepared != null ? prepared : offsets.earliest(path, bucket);
    }

    /** A table's high watermark in a bucket. */
    long highWatermark(TablePath path, EnrichedBucket bucket) {
        Long prepared = preparedOffsets.remove(new PreparedOffset(path, bucket, false));
        return prepared != null ? prepared : offsets.highWatermark(path, bucket);
    }

    /** The base's log start in a bucket, or empty if its partition no longer exists. */
    Optional<Long> baseLogStart(EnrichedBucket bucket) {
        return FlussCalls.unlessPartitionGone(
                bucket.partitionName(), () -> logStart(basePath, bucket));
    }

    /** The base's high watermark in a bucket, or empty if its partition no longer exists. */
    Optional<Long> baseHighWatermark(EnrichedBucket bucket) {
        return FlussCalls.unlessPartitionGone(
                bucket.partitionName(), () -> highWatermark(basePath, bucket));
    }
}
