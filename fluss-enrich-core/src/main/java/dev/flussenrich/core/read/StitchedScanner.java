/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.internal.FetchFailures;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.progress.CompanionProbe;
import dev.flussenrich.core.progress.EnrichmentWatermarks;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.Connection;
import org.apache.fluss.exception.FetchException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Reads a projection of a logical table from any set of buckets, emitting only whole rows.
 *
 * <p>A projection that touches no group reads the base alone, exactly like a plain Fluss scan
 * (server-side column projection, no companion I/O). A projection that touches groups merge-joins
 * the base with those groups' companions bucket by bucket (see {@link BucketStitcher}); the read
 * frontier of a bucket is min(base high watermark, each touched group's watermark). Through a
 * backlog one table's fetches of a bucket follow the other's, and a bucket whose buffered rows wait
 * for their match stops fetching from that table until the other catches up ({@link BufferShares}).
 * Where companion reads start and how they recover: {@link ReadRecovery}. Not thread-safe.
 */
@PublicEvolving
public final class StitchedScanner implements AutoCloseable {

    private static final Duration SLICE = Duration.ofMillis(20);

    private final EnrichedTable table;
    private final ProjectionPlan plan;
    private final BucketOffsets offsets;
    private final EnrichmentWatermarks watermarks;
    private final ScannedTables tables;
    private final SubscriptionLookahead lookahead;
    private final BufferShares bufferShares;
    private final ReadRecovery recovery;
    private final Map<EnrichedBucket, BucketStitcher> stitchers = new LinkedHashMap<>();

    /** Opens a scanner of {@code columns} (logical names, output order) of {@code table}. */
    public StitchedScanner(Connection connection, EnrichedTable table, List<String> columns) {
        this(connection, table, columns, BufferBound.DEFAULT);
    }

    /**
     * Opens a scanner that holds back about {@code bufferBound} at most (base and companion rows
     * waiting for their match, over all buckets; one poll per bucket and table may go past it, and
     * so may buckets that got their rows one after another, see {@link BufferBound}).
     */
    public StitchedScanner(
            Connection connection,
            EnrichedTable table,
            List<String> columns,
            BufferBound bufferBound) {
        this.table = table;
        this.plan = new ProjectionPlan(table, columns);
        this.offsets = new BucketOffsets(connection);
        this.watermarks = new EnrichmentWatermarks(connection, table);
        this.tables = ScannedTables.open(connection, table, plan);
        this.lookahead = new SubscriptionLookahead(tables, offsets, new CompanionProbe(connection));
        this.bufferShares = new BufferShares(bufferBound, tables);
        this.recovery = new ReadRecovery(table, plan.groups(), tables, offsets, lookahead);
    }

    /** Groups this scanner gates on; empty for a base-only projection. */
    public List<String> gatingGroups() {
        return plan.groups();
    }

    /** Number of companion tables this scanner reads (0 for a base-only projection). */
    public int openCompanionScanners() {
        return tables.groups();
    }

    /** Every bucket of the table: partitions (as they exist now) times buckets. */
    public List<EnrichedBucket> allBuckets() {
        return tables.base().partitionIds().allBuckets(table.isPartitioned(), table.numBuckets());
    }

    /** The base offset where {@code position} starts in a bucket. */
    public long resolve(StartPosition position, EnrichedBucket bucket) {
        return position.resolve(table, bucket, offsets, watermarks);
    }

    /**
     * The bounded stop offset of a bucket as of now: min(base high watermark, watermark of each
     * gating group).
     */
    public long frontier(EnrichedBucket bucket) {
        return watermarks.frontier(plan.groups(), bucket);
    }

    /**
     * {@link #frontier(EnrichedBucket)} of many buckets, looked up together (one request per table
     * and partition, and one batch of checkpoint lookups).
     */
    public Map<EnrichedBucket, Long> frontiers(List<EnrichedBucket> buckets) {
        return watermarks.frontiers(plan.groups(), buckets);
    }

    /** Subscribes every bucket at {@code position}; bounded scans stop at today's frontier. */
    public void subscribeAll(StartPosition position, boolean bounded) {
        List<EnrichedBucket> buckets = allBuckets();
        Map<EnrichedBucket, Long> starts = position.resolveAll(table, buckets, offsets, watermarks);
        Map<EnrichedBucket, Long> stops = bounded ? frontiers(buckets) : Map.of();
        List<BucketRange> ranges = new ArrayList<>();
        for (EnrichedBucket bucket : buckets) {
            ranges.add(
                    new BucketRange(
                            bucket,
                            starts.get(bucket),
                            stops.getOrDefault(bucket, Long.MAX_VALUE)));
        }
        subscribe(ranges);
    }

    /**
     * A bucket to read from {@code startOffset} (inclusive) to {@code stopOffset} (exclusive;
     * {@link Long#MAX_VALUE} for an unbounded read).
     */
    public record BucketRange(EnrichedBucket bucket, long startOffset, long stopOffset) {}

    /**
     * Subscribes several buckets, as {@link #subscribe(EnrichedBucket, long, long)} does each, with
     * the offsets their subscriptions need looked up together.
     */
    public void subscribe(List<BucketRange> ranges) {
        lookahead.prepare(ranges);
        try {
            for (BucketRange range : ranges) {
                subscribe(range.bucket(), range.startOffset(), range.stopOffset());
            }
        } finally {
            lookahead.forget(); // only for these subscriptions: offsets move
        }
    }

    /**
     * Reads a bucket from base offset {@code startOffset} (inclusive) to {@code stopOffset}
     * (exclusive; {@link Long#MAX_VALUE} for an unbounded read).
     */
    public void subscribe(EnrichedBucket bucket, long startOffset, long stopOffset) {
        if (stitchers.containsKey(bucket)) {
            throw new IllegalStateException(bucket + " is already subscribed");
        }
        Optional<Long> logStart = lookahead.baseLogStart(bucket);
        if (logStart.isPresent()) {
            startOffset =
                    recovery.startPastExpired(bucket, startOffset, stopOffset, logStart.get());
        }
        BucketStitcher stitcher =
                new BucketStitcher(
                        table.tablePath(),
                        bucket,
                        plan,
                        startOffset,
                        stopOffset,
                        backlogEnd(bucket, startOffset, stopOffset, logStart.isPresent()));
        stitchers.put(bucket, stitcher);
        if (logStart.isEmpty()) {
            recovery.retire(stitcher);
        } else if (!stitcher.isFinished()) {
            for (int g = 0; g < tables.groups(); g++) {
                recovery.placeCompanion(g, stitcher);
            }
            // Through a backlog of one group, BufferShares subscribes the base once the companion
            // holds rows.
            if (stitcher.wantsBase() && !tables.base().subscribe(bucket, startOffset)) {
                recovery.retire(stitcher);
            }
        }
    }

    /**
     * Where a bucket's read stops catching up and starts to tail: its stop offset, or for an
     * unbounded read the base high watermark now (none if its partition is gone).
     */
    private long backlogEnd(EnrichedBucket bucket, long start, long stop, boolean exists) {
        if (stop != Long.MAX_VALUE) {
            return stop;
        }
        return exists ? lookahead.baseHighWatermark(bucket).orElse(start) : start;
    }

    /** Stops reading a bucket and forgets its buffered rows. */
    public void unsubscribe(EnrichedBucket bucket) {
        if (stitchers.remove(bucket) != null) {
            tables.unsubscribe(bucket);
        }
    }

    /** The next base offset that will be emitted for a bucket (its checkpointable position). */
    public long nextOffset(EnrichedBucket bucket) {
        return stitchers.get(bucket).nextOffset();
    }

    /** Whether every subscribed bucket has reached its stop offset. */
    public boolean isFinished() {
        return stitchers.values().stream().allMatch(BucketStitcher::isFinished);
    }

    /** Buckets that reached their stop offset. */
    public List<EnrichedBucket> finishedBuckets() {
        return stitchers.values().stream()
                .filter(BucketStitcher::isFinished)
                .map(BucketStitcher::bucket)
                .toList();
    }

    /** Waits up to {@code timeout} for whole rows; returns those available (maybe none). */
    public List<StitchedRecord> poll(Duration timeout) {
        List<StitchedRecord> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        do {
            recovery.periodicChecks(stitchers.values());
            recovery.retryPendingCompanions(stitchers.values());
            if (!fetchEveryTable()) {
                FlussCalls.pause(SLICE.toMillis(), "rows");
            }
            BufferShares.Shares shares = bufferShares.shares(stitchers.values());
            for (BucketStitcher stitcher : stitchers.values()) {
                stitcher.drain(out::add);
                while (stitcher.pendingSkip() != null || stitcher.pendingRewind() != null) {
                    recovery.settle(stitcher);
                    stitcher.drain(out::add);
                }
                bufferShares.apply(stitcher, shares);
            }
        } while (out.isEmpty() && !isFinished() && System.nanoTime() < deadline);
        return out;
    }

    /**
     * Polls every table, waiting up to a slice only for the tables {@link #awaitedTables awaited}:
     * a companion that delivered ahead of the base would otherwise cost a slice of waiting per poll
     * (five groups' last rows came at 100 per 100 ms). False if no table was waited for or had
     * rows.
     */
    private boolean fetchEveryTable() {
        boolean[] awaited = awaitedTables(stitchers.values(), tables.groups());
        boolean fetched = false;
        for (int group = ScannedTables.BASE; group < tables.groups(); group++) {
            Duration timeout = awaited[group + 1] ? SLICE : Duration.ZERO;
            fetched |= fetch(tables.table(group), group, timeout);
        }
        return fetched;
    }

    /**
     * Per table (the base, then each group), whether a pass waits for its rows: the tables the
     * buckets holding rows wait for, or, if none holds rows, those any unfinished bucket waits for.
     * A bucket that has caught up waits for its base; a slice of waiting on it for each poll
     * another bucket took from its companion made a vector read's last fifth of rows come at 4,400
     * rows a second (stop 58).
     */
    static boolean[] awaitedTables(Collection<BucketStitcher> stitchers, int groups) {
        boolean[] awaitedByHolders = new boolean[groups + 1];
        boolean[] awaitedByAny = new boolean[groups + 1];
        boolean anyHolds = false;
        for (BucketStitcher stitcher : stitchers) {
            OptionalInt awaited = stitcher.awaitedTable();
            if (awaited.isEmpty()) {
                continue;
            }
            awaitedByAny[awaited.getAsInt() + 1] = true;
            if (stitcher.holdsRows()) {
                awaitedByHolders[awaited.getAsInt() + 1] = true;
                anyHolds = true;
            }
        }
        return anyHolds ? awaitedByHolders : awaitedByAny;
    }

    /**
     * Polls one table for up to {@code timeout}; false if it neither waited nor had rows.
     *
     * @param group the group whose companion {@code source} is, or {@link ScannedTables#BASE}
     */
    private boolean fetch(ScannedTable source, int group, Duration timeout) {
        if (!source.hasSubscriptions()) {
            return false;
        }
        try {
            if (group != ScannedTables.BASE) {
                // a stitcher the poll brings no rows of stays passed by (addCompanion clears it)
                for (BucketStitcher stitcher : stitchers.values()) {
                    stitcher.companionPollStarts(group);
                }
            }
            boolean rows =
                    source.poll(
                            timeout,
                            (bucket, records) -> {
                                BucketStitcher stitcher = stitchers.get(bucket);
                                if (stitcher == null) {
                                    return;
                                }
                                source.rowSize().sample(records);
                                if (group == ScannedTables.BASE) {
                                    stitcher.addBase(records);
                                } else {
                                    stitcher.addCompanion(group, records);
                                }
                            });
            return rows || !timeout.isZero();
        } catch (FetchException e) {
            if (!FetchFailures.isOutOfRange(e)
                    || !recovery.moveExpiredPositions(source, group, stitchers.values())) {
                throw e;
            }
            return true; // moved: poll again at once
        }
    }

    /**
     * Where the read of one bucket stands.
     *
     * @param nextOffset the next base offset the reader will emit
     * @param enrichedUpTo the base offset (exclusive) up to which every gating group's rows have
     *     reached the reader; {@code Long.MAX_VALUE} when no group gates the read
     * @param heldBackRows base rows fetched but held back because a group has not enriched them
     * @param oldestHeldBackMillis commit time of the oldest of them, empty when none is held back
     */
    public record BucketReadState(
            long nextOffset,
            long enrichedUpTo,
            int heldBackRows,
            OptionalLong oldestHeldBackMillis) {}

    /** Where the read of each subscribed bucket stands right now. */
    public Map<EnrichedBucket, BucketReadState> readStates() {
        Map<EnrichedBucket, BucketReadState> states = new LinkedHashMap<>();
        for (BucketStitcher stitcher : stitchers.values()) {
            states.put(
                    stitcher.bucket(),
                    new BucketReadState(
                            stitcher.nextOffset(),
                            stitcher.enrichedUpTo(),
                            stitcher.pendingBase(),
                            stitcher.oldestPendingBaseMillis()));
        }
        return states;
    }

    /**
     * The base high watermark of every bucket still being read: one list-offsets request per
     * partition.
     */
    public Map<EnrichedBucket, Long> highWatermarks() {
        List<EnrichedBucket> reading =
                stitchers.values().stream()
                        .filter(stitcher -> !stitcher.isFinished())
                        .map(BucketStitcher::bucket)
                        .toList();
        return reading.isEmpty() ? Map.of() : offsets.highWatermarks(table.tablePath(), reading);
    }

    /** Rows held back right now: base and companion rows waiting for their match. */
    public long bufferedRows() {
        return bufferShares.rows(stitchers.values());
    }

    /** The estimated heap of the rows held back right now (what the bound in bytes counts). */
    public long bufferedBytes() {
        return bufferShares.bytes(stitchers.values());
    }

    @Override
    public void close() throws Exception {
        tables.close();
    }
}
