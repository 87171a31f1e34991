/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.annotation.Internal;

import java.util.Collection;

/**
 * Keeps a {@link StitchedScanner} within its {@link BufferBound}, and its tables fetching the same
 * buckets.
 *
 * <p>The bound is split equally between the tables read, and a table's part between the unfinished
 * buckets that hold rows of it right now: a bucket that holds its share of a table's rows stops
 * fetching from that table, and fetches again once half of it is drained. Counting only the buckets
 * that hold rows keeps a share above one poll when many buckets are read: a pause (unsubscribing,
 * Fluss has no other) drops what was fetched for the bucket.
 *
 * <p>Fluss hands out one bucket's fetch at a time, in each table's own order, so while a bucket
 * reads a backlog one table follows the other. With one group the base starts fetching the bucket
 * only once the companion holds rows of it ({@link BucketStitcher#wantsBase()}), and what waits is
 * a few companion rows rather than base rows, narrow ones unless the group is an embedding, whose
 * rows the bound counts by their elements (base rows fetched first waited for companion rows behind
 * another bucket's fetch, and held more than the bound: performance.md, stop 56). Once a bucket's
 * companion rows take several fetches (2,500,000 rows in the benchmark), the base stops fetching it
 * while its rows wait for a companion that holds none and whose last poll brought none ({@link
 * BucketStitcher#baseWaitsForCompanion()}), unless the companion's rows are the wider, and fetches
 * again when companion rows come; base rows waited up to their share before (stop 59). With several
 * groups a companion starts fetching the bucket only once base rows of it wait ({@link
 * BucketStitcher#wantsCompanions()}): each companion fetched from the start adds its first fetches
 * to the heap. Once the base reaches where the bucket's backlog ended, every table fetches it, so
 * that a row enriched later reaches the reader as soon as it is written.
 */
@Internal
final class BufferShares {

    /** What a table's subscription of a bucket does next. */
    enum Fetch {
        /** The bucket holds its share of the table's rows: stop fetching. */
        PAUSE,
        /** The bucket is not fetched, half of its share is drained, and its rows are wanted. */
        RESUME,
        /** Go on as it is. */
        KEEP;

        /**
         * @param held rows of the table the bucket holds back
         * @param share rows of the table the bucket may hold
         * @param subscribed whether the bucket is fetched from the table right now
         * @param wanted whether the reader needs the table's rows of the bucket now
         */
        static Fetch of(int held, int share, boolean subscribed, boolean wanted) {
            if (held >= share) {
                return PAUSE;
            }
            return wanted && held <= share / 2 && !subscribed ? RESUME : KEEP;
        }
    }

    /**
     * Into how many shares the bound is split for each table: per table, the unfinished buckets
     * holding its rows (at least one) times the tables read.
     *
     * @param base shares of the base's part
     * @param companions shares of each group's companion's part, by group index
     */
    record Shares(long base, long[] companions) {

        long of(int group) {
            return group == ScannedTables.BASE ? base : companions[group];
        }
    }

    private final BufferBound bound;
    private final ScannedTables tables;

    BufferShares(BufferBound bound, ScannedTables tables) {
        this.bound = bound;
        this.tables = tables;
    }

    /** Shares of a table's part of the bound: the buckets holding its rows times tables read. */
    static long shares(long holdingBuckets, int groups) {
        return Math.max(1, holdingBuckets) * (1 + groups);
    }

    /** The {@link Shares} of the buckets read right now. */
    Shares shares(Collection<BucketStitcher> stitchers) {
        int groups = tables.groups();
        long base = 0;
        long[] companions = new long[groups];
        for (BucketStitcher stitcher : stitchers) {
            if (stitcher.isFinished()) {
                continue;
            }
            base += stitcher.pendingBase() > 0 ? 1 : 0;
            for (int g = 0; g < groups; g++) {
                companions[g] += stitcher.pendingCompanion(g) > 0 ? 1 : 0;
            }
        }
        for (int g = 0; g < groups; g++) {
            companions[g] = shares(companions[g], groups);
        }
        return new Shares(shares(base, groups), companions);
    }

    /**
     * Pauses or resumes fetching a bucket from each table by the rows it holds of that table, and
     * by whether its rows are wanted; a finished bucket fetches from none.
     */
    void apply(BucketStitcher stitcher, Shares shares) {
        EnrichedBucket bucket = stitcher.bucket();
        if (stitcher.isFinished()) {
            tables.unsubscribe(bucket);
            return;
        }
        if (stitcher.baseWaitsForCompanion() && !companionRowsAreWider()) {
            tables.base().unsubscribe(bucket);
        } else {
            apply(
                    tables.base(),
                    bucket,
                    stitcher.pendingBase(),
                    shares.base(),
                    stitcher.baseReceivedUpTo(),
                    stitcher.wantsBase());
        }
        boolean companionsWanted = stitcher.wantsCompanions();
        for (int g = 0; g < tables.groups(); g++) {
            long position = stitcher.companionReceivedUpTo(g);
            if (position >= 0) { // else: partition not created yet
                apply(
                        tables.companion(g),
                        bucket,
                        stitcher.pendingCompanion(g),
                        shares.of(g),
                        position,
                        companionsWanted);
            }
        }
    }

    /**
     * Whether a held companion row takes more heap than a held base row (an embedding): then
     * stopping the base saves no heap worth a dropped fetch (stopping it took a vector read from
     * 1.14 to 0.91-1.01 of B's over the whole job: design-notes, stop 60).
     */
    private boolean companionRowsAreWider() {
        return tables.companion(0).rowSize().bytesPerRow() > tables.base().rowSize().bytesPerRow();
    }

    private void apply(
            ScannedTable table,
            EnrichedBucket bucket,
            int held,
            long shares,
            long position,
            boolean wanted) {
        int share = bound.shareInRows(shares, table.rowSize().bytesPerRow());
        switch (Fetch.of(held, share, table.isSubscribed(bucket), wanted)) {
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
