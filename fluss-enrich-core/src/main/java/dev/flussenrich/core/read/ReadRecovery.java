/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;

import org.apache.fluss.annotation.Internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Places and moves the reads of a {@link StitchedScanner}'s buckets: where each companion bucket is
 * read from ({@link CompanionStart}), what a skip means ({@link SkipCause}), reading a companion
 * again after a hole was filled, moving past rows that expired before they were fetched, and
 * retiring the buckets of partitions that no longer exist.
 */
@Internal
final class ReadRecovery {

    private static final Logger LOG = LoggerFactory.getLogger(ReadRecovery.class);

    private static final long PARTITION_RETRY_NANOS = Duration.ofMillis(500).toNanos();
    private static final Duration PERIODIC_CHECK = Duration.ofSeconds(5);

    private final EnrichedTable table;
    private final List<String> groups;
    private final ScannedTables tables;
    private final BucketOffsets offsets;
    private final SubscriptionLookahead lookahead;
    private long lastPartitionRetry;
    private long lastPeriodicCheck = System.nanoTime();

    ReadRecovery(
            EnrichedTable table,
            List<String> groups,
            ScannedTables tables,
            BucketOffsets offsets,
            SubscriptionLookahead lookahead) {
        this.table = table;
        this.groups = groups;
        this.tables = tables;
        this.offsets = offsets;
        this.lookahead = lookahead;
    }

    /**
     * Subscribes a companion bucket at its {@link CompanionStart}; nothing if the companion's
     * partition is not created yet (the enrichment writer creates it with its first row).
     */
    void placeCompanion(int group, BucketStitcher stitcher) {
        ScannedTable companion = tables.companion(group);
        EnrichedBucket bucket = stitcher.bucket();
        if (!companion.hasPartitionOf(bucket)) {
            return;
        }
        // Asked for only where used: by the estimate, or for the base to follow the companion.
        boolean baseFollows = BucketStitcher.baseFollowsCompanion(tables.groups());
        long highWatermark =
                baseFollows || CompanionStart.needsEstimate(stitcher.nextOffset())
                        ? lookahead.highWatermark(companion.path(), bucket)
                        : -1;
        CompanionStart start =
                CompanionStart.estimate(
                        stitcher.nextOffset(),
                        lookahead.logStart(companion.path(), bucket),
                        () -> highWatermark,
                        logOffset -> lookahead.sourceOffsetAt(companion, bucket, logOffset));
        stitcher.startCompanionAt(group, start.logOffset(), start.estimated());
        if (baseFollows) {
            stitcher.expectCompanionRowsBelow(group, highWatermark);
        }
        if (stitcher.wantsCompanions()) {
            companion.subscribe(bucket, start.logOffset());
        } // else BufferShares subscribes it once base rows wait for it
    }

    /** At most every 500 ms: places the companion reads whose partition was not created yet. */
    void retryPendingCompanions(Collection<BucketStitcher> stitchers) {
        long now = System.nanoTime();
        if (now - lastPartitionRetry < PARTITION_RETRY_NANOS) {
            return;
        }
        lastPartitionRetry = now;
        for (BucketStitcher stitcher : stitchers) {
            for (int g = 0; g < tables.groups(); g++) {
                if (stitcher.companionReceivedUpTo(g) < 0 && !stitcher.isFinished()) {
                    placeCompanion(g, stitcher);
                }
            }
        }
    }

    /**
     * Explains the bucket's pending skip, or reads a companion again as its pending rewind asks.
     */
    void settle(BucketStitcher stitcher) {
        if (stitcher.pendingSkip() != null) {
            explainSkip(stitcher);
        } else {
            BucketStitcher.Rewind rewind = stitcher.pendingRewind();
            restartCompanion(stitcher, rewind.group(), rewind.logOffset());
        }
    }

    private void explainSkip(BucketStitcher stitcher) {
        BucketStitcher.Skip skip = stitcher.pendingSkip();
        EnrichedBucket bucket = stitcher.bucket();
        long companionStart = offsets.earliest(tables.companion(skip.group()).path(), bucket);
        SkipCause cause =
                SkipCause.of(
                        skip,
                        companionStart,
                        stitcher.skipFromEstimate(),
                        () -> offsets.earliest(table.tablePath(), bucket));
        switch (cause) {
            case COMPANION_RETENTION -> {
                LOG.warn(
                        "Group '{}' of table {}, {} no longer holds offsets {}..{} (companion"
                                + " retention): those rows are left out of projections of the"
                                + " group.",
                        groups.get(skip.group()),
                        table.tablePath(),
                        bucket,
                        skip.expected(),
                        skip.source() - 1);
                stitcher.leaveOutBelow(skip.source());
            }
            case ESTIMATE_OVERSHOT -> restartCompanion(stitcher, skip.group(), companionStart);
            case BASE_RETENTION -> stitcher.leaveOutBelow(skip.source());
            case HOLE -> {
                LOG.warn(
                        "Group '{}' of table {}, {} lacks offset {} although rows after it were"
                                + " written (a failed append); waiting for the enrichment job to"
                                + " write it again.",
                        groups.get(skip.group()),
                        table.tablePath(),
                        bucket,
                        skip.expected());
                stitcher.awaitRefill();
            }
        }
    }

    private void restartCompanion(BucketStitcher stitcher, int group, long logOffset) {
        stitcher.startCompanionAt(group, logOffset, false);
        tables.companion(group).resubscribe(stitcher.bucket(), logOffset);
    }

    /**
     * Where a bucket's read starts: at {@code startOffset}, unless base retention removed rows from
     * there on that this reader had not read yet (a restore after a long stop); then it reads on
     * from the base's log start (logged), or starts at its stop offset if that comes first.
     */
    long startPastExpired(EnrichedBucket bucket, long startOffset, long stopOffset, long logStart) {
        if (startOffset < logStart) {
            LOG.warn(
                    "Rows {}..{} of table {}, {} expired before this reader read them; reading on"
                            + " from {}.",
                    startOffset,
                    logStart - 1,
                    table.tablePath(),
                    bucket,
                    logStart);
        }
        return startPastExpired(startOffset, stopOffset, logStart);
    }

    /** {@link #startPastExpired(EnrichedBucket, long, long, long)}, without the log. */
    static long startPastExpired(long startOffset, long stopOffset, long logStart) {
        return startOffset >= logStart
                ? startOffset
                : Math.min(logStart, Math.max(startOffset, stopOffset));
    }

    /**
     * Retention removed rows a table had not fetched yet (the reader fell behind, or a paused
     * bucket resumed below the log start): Fluss then fails every poll. Each such bucket moves on
     * to the table's log start; the rows in between are gone for every reader. False if no bucket
     * of this table was behind.
     *
     * @param group the group whose companion {@code source} is, or {@link ScannedTables#BASE}
     */
    boolean moveExpiredPositions(
            ScannedTable source, int group, Collection<BucketStitcher> stitchers) {
        boolean moved = false;
        for (BucketStitcher stitcher : stitchers) {
            EnrichedBucket bucket = stitcher.bucket();
            if (stitcher.isFinished() || !source.isSubscribed(bucket)) {
                continue;
            }
            long logStart = offsets.earliest(source.path(), bucket);
            long position =
                    group == ScannedTables.BASE
                            ? stitcher.baseReceivedUpTo()
                            : stitcher.companionReceivedUpTo(group);
            if (position >= logStart) {
                continue;
            }
            LOG.warn(
                    "Rows at log offsets {}..{} of table {}, {} expired before this reader fetched"
                            + " them; reading on from {}.",
                    position,
                    logStart - 1,
                    source.path(),
                    bucket,
                    logStart);
            if (group == ScannedTables.BASE) {
                stitcher.leaveOutBelow(logStart);
            } else {
                stitcher.startCompanionAt(group, logStart, false);
            }
            source.resubscribe(bucket, logStart);
            moved = true;
        }
        return moved;
    }

    /**
     * Every 5 seconds: retires the buckets whose partition no longer exists (dropped, or expired by
     * auto-partitioning; Fluss's scanner just returns nothing for them, so the partitions are
     * listed, one request per table), and moves buckets waiting for a hole past it once base
     * retention removed its rows.
     */
    void periodicChecks(Collection<BucketStitcher> stitchers) {
        long now = System.nanoTime();
        if (now - lastPeriodicCheck < PERIODIC_CHECK.toNanos()) {
            return;
        }
        lastPeriodicCheck = now;
        Set<String> existing =
                table.isPartitioned() ? tables.base().partitionIds().all().keySet() : Set.of();
        for (BucketStitcher stitcher : stitchers) {
            if (stitcher.isFinished()) {
                continue;
            }
            EnrichedBucket bucket = stitcher.bucket();
            if (bucket.partitionName() != null && !existing.contains(bucket.partitionName())) {
                retire(stitcher);
            } else if (stitcher.awaitsRefill()) {
                Optional<Long> logStart = lookahead.baseLogStart(bucket);
                if (logStart.isPresent() && logStart.get() > stitcher.nextOffset()) {
                    stitcher.abandonHole(logStart.get());
                }
            }
        }
    }

    /** Stops reading a bucket whose partition is gone (dropped, or expired). */
    void retire(BucketStitcher stitcher) {
        EnrichedBucket bucket = stitcher.bucket();
        LOG.info(
                "{} of table {} no longer exists: its partition is gone.",
                bucket,
                table.tablePath());
        stitcher.retire();
        tables.unsubscribe(bucket);
    }
}
