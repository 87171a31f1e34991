/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.annotation.Internal;

import java.util.Collection;

/**
 * Keeps a {@link StitchedScanner} within its {@link BufferBound}: the bound is split into equal
 * shares, one per unfinished bucket and table read; a bucket that holds its share of a table's rows
 * stops fetching from that table, and fetches again once half of it is drained.
 */
@Internal
final class BufferShares {

    /** What a table's subscription of a bucket does next. */
    enum Fetch {
        /** The bucket holds its share of the table's rows: stop fetching. */
        PAUSE,
        /** The bucket was paused and half of its share is drained: fetch again. */
        RESUME,
        /** Go on as it is. */
        KEEP;

        /**
         * @param held rows of the table the bucket holds back
         * @param share rows of the table the bucket may hold
         * @param subscribed whether the bucket is fetched from the table right now
         */
        static Fetch of(int held, int share, boolean subscribed) {
            if (held >= share) {
                return PAUSE;
            }
            return held <= share / 2 && !subscribed ? RESUME : KEEP;
        }
    }

    private final BufferBound bound;
    private final ScannedTables tables;

    BufferShares(BufferBound bound, ScannedTables tables) {
        this.bound = bound;
        this.tables = tables;
    }

    /** Into how many equal shares the bound is split: unfinished buckets times tables read. */
    static long shares(long unfinishedBuckets, int groups) {
        return unfinishedBuckets * (1 + groups);
    }

    /** {@link #shares(long, int)} for the buckets read right now. */
    long shares(Collection<BucketStitcher> stitchers) {
        long unfinished = stitchers.stream().filter(s -> !s.isFinished()).count();
        return shares(unfinished, tables.groups());
    }

    /**
     * Pauses or resumes fetching a bucket from each table by the rows it holds of that table; a
     * finished bucket fetches from none.
     */
    void apply(BucketStitcher stitcher, long shares) {
        EnrichedBucket bucket = stitcher.bucket();
        if (stitcher.isFinished()) {
            tables.unsubscribe(bucket);
            return;
        }
        apply(tables.base(), bucket, stitcher.pendingBase(), shares, stitcher.baseReceivedUpTo());
        for (int g = 0; g < tables.groups(); g++) {
            long position = stitcher.companionReceivedUpTo(g);
            if (position >= 0) { // else: partition not created yet
                apply(tables.companion(g), bucket, stitcher.pendingCompanion(g), shares, position);
            }
        }
    }

    private void apply(
            ScannedTable table, EnrichedBucket bucket, int held, long shares, long position) {
        int share = bound.shareInRows(shares, table.rowSize().bytesPerRow());
        switch (Fetch.of(held, share, table.isSubscribed(bucket))) {
            case PAUSE -> table.unsubscribe(bucket);
            case RESUME -> table.subscribe(bucket, position);
            case KEEP -> {}
        }
    }

    /** Rows held back right now: base and companion rows waiting for their match. */
    long rows(Collection<BucketStitcher> stitchers) {
        long rows = 0;
        for (BucketStitcher stitcher : stitchers) {
            rows += stitcher.pendingBase();
            for (int g = 0; g < tables.groups(); g++) {
                rows += stitcher.pendingCompanion(g);
            }
        }
        return rows;
    }

    /** The estimated heap of the rows held back right now (what the bound in bytes counts). */
    long bytes(Collection<BucketStitcher> stitchers) {
        long bytes = 0;
        for (BucketStitcher stitcher : stitchers) {
            bytes += stitcher.pendingBase() * tables.base().rowSize().bytesPerRow();
            for (int g = 0; g < tables.groups(); g++) {
                bytes += stitcher.pendingCompanion(g) * tables.companion(g).rowSize().bytesPerRow();
            }
        }
        return bytes;
    }
}
