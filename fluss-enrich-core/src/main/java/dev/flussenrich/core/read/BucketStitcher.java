/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.InternalRow;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Merge-joins one base bucket with the same bucket of each touched group's companion, by offset.
 *
 * <p>A base row is emitted only once every touched group has a row for its offset, so no partial
 * row ever leaves. A companion row for an offset below the next expected one is a duplicate (a
 * replay, or a losing racing writer) and is skipped, so the first row written wins. A companion row
 * past the expected offset stops the merge until the scanner explains it (retention, a read
 * position that overshot, or a hole a failed append left, which the next writer fills).
 */
@Internal
final class BucketStitcher {

    private final TablePath table;
    private final EnrichedBucket bucket;
    private final ProjectionPlan plan;
    private final long stopOffset;
    private final long backlogEnd;
    private final ArrayDeque<ScanRecord> base = new ArrayDeque<>();
    private final ArrayDeque<ScanRecord>[] companions;

    private long nextOffset;
    private long baseReceivedUpTo;
    private final long[] companionReceivedUpTo;

    /** Per group: the companion's high watermark when it was placed (its rows then, as log end). */
    private final long[] companionEndAtStart;

    /** Per group: read from an estimated log position that no matched row has confirmed yet. */
    private final boolean[] fromEstimate;

    /**
     * Per group: the companion's last poll brought no rows of this bucket: its queue hands out
     * another bucket's fetch (Fluss hands them out one at a time), or waits for the next fetch.
     */
    private final boolean[] companionPassedBy;

    /** A companion row past the expected offset, waiting for the scanner to explain it. */
    private Skip skip;

    /**
     * Per group: the log offset of the first row past a hole that a failed append left, while the
     * merge waits for the enrichment job to write the missing offset again (later in the log); -1
     * when there is no hole.
     */
    private final long[] holeAt;

    /** A companion to read again from a log offset, once the row that filled a hole was merged. */
    private Rewind rewind;

    /** The bucket's partition no longer exists: nothing more will be read. */
    private boolean gone;

    /** The table the last drain stopped for: {@link ScannedTables#BASE} or a group's index. */
    private int awaiting = ScannedTables.BASE;

    /**
     * A companion row whose source offset is past the next expected base offset.
     *
     * @param group the group's index
     * @param expected the base offset the reader needs next
     * @param source the companion row's source offset
     * @param logOffset the companion row's log offset
     */
    record Skip(int group, long expected, long source, long logOffset) {}

    /**
     * Read the companion of {@code group} again from {@code logOffset}.
     *
     * @param group the group's index
     * @param logOffset the companion log offset to read from
     */
    record Rewind(int group, long logOffset) {}

    /**
     * @param backlogEnd the base offset a read catches up to before it tails: the stop offset of a
     *     bounded read, the base high watermark at subscription of an unbounded one
     */
    @SuppressWarnings("unchecked")
    BucketStitcher(
            TablePath table,
            EnrichedBucket bucket,
            ProjectionPlan plan,
            long startOffset,
            long stopOffset,
            long backlogEnd) {
        this.table = table;
        this.bucket = bucket;
        this.plan = plan;
        this.nextOffset = startOffset;
        this.baseReceivedUpTo = startOffset;
        this.stopOffset = stopOffset;
        this.backlogEnd = backlogEnd;
        int groups = plan.groups().size();
        this.companions = new ArrayDeque[groups];
        this.companionReceivedUpTo = new long[groups];
        this.companionEndAtStart = new long[groups];
        this.fromEstimate = new boolean[groups];
        this.holeAt = new long[groups];
        this.companionPassedBy = new boolean[groups];
        Arrays.fill(holeAt, -1);
        for (int i = 0; i < groups; i++) {
            companions[i] = new ArrayDeque<>();
            companionReceivedUpTo[i] = -1;
        }
    }

    /** Adds base records of this bucket, in log order; re-delivered ones are ignored. */
    void addBase(List<ScanRecord> records) {
        for (ScanRecord record : records) {
            if (record.logOffset() >= baseReceivedUpTo) {
                base.add(record);
                baseReceivedUpTo = record.logOffset() + 1;
            }
        }
    }

    /**
     * Sets where the companion of group {@code index} is read from (its log offset), forgetting
     * what was buffered from it.
     *
     * @param estimated whether the position is an estimate that may lie past the expected offset
     */
    void startCompanionAt(int index, long logOffset, boolean estimated) {
        companions[index].clear();
        companionReceivedUpTo[index] = logOffset;
        fromEstimate[index] = estimated;
        holeAt[index] = -1;
        if (skip != null && skip.group() == index) {
            skip = null;
        }
        if (rewind != null && rewind.group() == index) {
            rewind = null;
        }
    }

    /**
     * Tells that the companion of group {@code index} held rows below log offset {@code
     * highWatermark} when it was placed: through a backlog, the base waits for those.
     */
    void expectCompanionRowsBelow(int index, long highWatermark) {
        companionEndAtStart[index] = highWatermark;
    }

    /** Adds companion records of group {@code index}, in log order. */
    void addCompanion(int index, List<ScanRecord> records) {
        companionPassedBy[index] = false;
        for (ScanRecord record : records) {
            if (record.logOffset() >= companionReceivedUpTo[index]) {
                companions[index].add(record);
                companionReceivedUpTo[index] = record.logOffset() + 1;
            }
        }
    }

    /**
     * Tells that a poll of the companion of group {@code index} starts: until it brings rows of
     * this bucket ({@link #addCompanion}), its last poll brought none.
     */
    void companionPollStarts(int index) {
        companionPassedBy[index] = true;
    }

    /** Emits every row whose offset all touched groups have reached, up to the stop offset. */
    void drain(Consumer<StitchedRecord> out) {
        InternalRow[] parts = new InternalRow[companions.length];
        awaiting = ScannedTables.BASE;
        while (skip == null && rewind == null && !base.isEmpty() && !isFinished()) {
            ScanRecord head = base.peek();
            if (head.logOffset() < nextOffset) {
                base.poll();
                continue;
            }
            long offset = head.logOffset();
            for (int g = 0; g < companions.length; g++) {
                ScanRecord match = companionRowFor(g, offset);
                if (match == null) {
                    awaiting = g;
                    return;
                }
                parts[g] = match.getRow();
                fromEstimate[g] = false;
            }
            base.poll();
            for (ArrayDeque<ScanRecord> companion : companions) {
                companion.poll();
            }
            for (int g = 0; g < companions.length; g++) {
                if (holeAt[g] >= 0) {
                    // The hole is filled: the rows that landed after it come first (first wins).
                    rewind = new Rewind(g, holeAt[g]);
                    holeAt[g] = -1;
                }
            }
            out.accept(
                    new StitchedRecord(
                            bucket, offset, head.timestamp(), plan.assemble(head.getRow(), parts)));
            nextOffset = offset + 1;
        }
    }

    private ScanRecord companionRowFor(int group, long offset) {
        ArrayDeque<ScanRecord> queue = companions[group];
        while (!queue.isEmpty()) {
            ScanRecord head = queue.peek();
            long source = head.getRow().getLong(0);
            if (source < offset) {
                queue.poll();
            } else if (source == offset) {
                return head;
            } else if (holeAt[group] >= 0) {
                queue.poll(); // past the hole: read again once the hole is filled
            } else {
                skip = new Skip(group, offset, source, head.logOffset());
                return null;
            }
        }
        return null;
    }

    /**
     * The table whose rows the merge needs next ({@link ScannedTables#BASE} or a group's index), as
     * of the last drain; empty when it needs none (finished, or stopped by a skip or a rewind).
     */
    OptionalInt awaitedTable() {
        if (isFinished() || skip != null || rewind != null) {
            return OptionalInt.empty();
        }
        if (awaiting == ScannedTables.BASE) {
            OptionalInt companion = companionTheBaseWaitsFor();
            if (companion.isPresent()) {
                return companion;
            }
        }
        return OptionalInt.of(awaiting);
    }

    /** A companion row past the expected offset that stops the merge, or null. */
    Skip pendingSkip() {
        return skip;
    }

    /** Whether the pending skip's companion was read from an unconfirmed estimated position. */
    boolean skipFromEstimate() {
        return fromEstimate[skip.group()];
    }

    /**
     * Moves past base offsets below {@code offset} that the skipping group will never have (expired
     * from the base before they were enriched, or from the companion): they are left out of this
     * projection.
     */
    void leaveOutBelow(long offset) {
        while (!base.isEmpty() && base.peek().logOffset() < offset) {
            base.poll();
        }
        nextOffset = Math.max(nextOffset, offset);
        baseReceivedUpTo = Math.max(baseReceivedUpTo, Math.min(offset, stopOffset));
        skip = null;
    }

    /**
     * The pending skip is a hole a failed append left: rows after it landed, the missing offset did
     * not. The merge waits for the enrichment job to write it again (the next writer starts at the
     * hole), then reads the rows after the hole again, which win over the rewritten ones.
     */
    void awaitRefill() {
        holeAt[skip.group()] = skip.logOffset();
        skip = null;
    }

    /** Whether the merge waits for a hole to be filled. */
    boolean awaitsRefill() {
        return Arrays.stream(holeAt).anyMatch(position -> position >= 0);
    }

    /**
     * Base retention removed the rows of a hole before anyone filled it: moves past them, and reads
     * the companion again from where the hole was.
     */
    void abandonHole(long baseLogStart) {
        for (int g = 0; g < holeAt.length; g++) {
            if (holeAt[g] >= 0) {
                rewind = new Rewind(g, holeAt[g]);
                holeAt[g] = -1;
            }
        }
        leaveOutBelow(baseLogStart);
    }

    /** A companion to read again once a hole was filled, or null. */
    Rewind pendingRewind() {
        return rewind;
    }

    /** The bucket's partition is gone (dropped, or expired by auto-partitioning). */
    void retire() {
        gone = true;
        base.clear();
        for (ArrayDeque<ScanRecord> companion : companions) {
            companion.clear();
        }
        skip = null;
    }

    boolean isGone() {
        return gone;
    }

    /** Whether every row before the stop offset has been emitted, or the bucket is gone. */
    boolean isFinished() {
        return gone || nextOffset >= stopOffset;
    }

    long nextOffset() {
        return nextOffset;
    }

    int pendingBase() {
        return base.size();
    }

    /** Whether rows of any table wait here for their match. */
    boolean holdsRows() {
        if (!base.isEmpty()) {
            return true;
        }
        for (ArrayDeque<ScanRecord> companion : companions) {
            if (!companion.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The base offset (exclusive) up to which every group's rows have reached this reader: the
     * companion rows received, or what was already emitted. {@code Long.MAX_VALUE} for a read of
     * base columns only, which waits for no group.
     */
    long enrichedUpTo() {
        long upTo = Long.MAX_VALUE;
        for (ArrayDeque<ScanRecord> companion : companions) {
            ScanRecord last = companion.peekLast();
            long group =
                    last == null ? nextOffset : Math.max(nextOffset, last.getRow().getLong(0) + 1);
            upTo = Math.min(upTo, group);
        }
        return upTo;
    }

    /** Commit time of the oldest base row held back, or empty when none is. */
    OptionalLong oldestPendingBaseMillis() {
        ScanRecord oldest = base.peekFirst();
        return oldest == null ? OptionalLong.empty() : OptionalLong.of(oldest.timestamp());
    }

    int pendingCompanion(int group) {
        return companions[group].size();
    }

    /**
     * Whether the base has not yet delivered the rows that were in the bucket when it was
     * subscribed (up to its stop offset, for a bounded read): the read catches up rather than
     * tails.
     */
    private boolean readsBacklog() {
        return baseReceivedUpTo < backlogEnd;
    }

    /**
     * Whether the base's rows are needed now: always once the bucket tails, holds base rows, or
     * reads no group or several; with one group through a backlog, once the companion holds rows of
     * it or has delivered the rows it had when placed. So the base follows the companion's order
     * through the enriched part of a backlog: Fluss hands out one bucket's fetch at a time, in each
     * table's own order, and the narrow companion rows wait for the wide base rows rather than the
     * other way round; past a bucket's first companion fetch the base stops fetching while its rows
     * wait for a companion whose polls bring none ({@link #baseWaitsForCompanion()}). Rows the
     * group has not enriched yet are fetched and held back as before (and counted).
     */
    boolean wantsBase() {
        return companionTheBaseWaitsFor().isEmpty();
    }

    /**
     * Whether the base follows the companion through a backlog: with one group. With several, each
     * companion fetched from the start adds its first fetches to the heap (five groups' live heap
     * went from 0.97 to 1.10 of reading a copy), so there the companions follow the base instead.
     * With a group wider than its base (an embedding) the wide rows wait instead, within the bound
     * since {@link HeldRowSize} counts arrays by their elements; ordering by sampled row widths
     * gained nothing measurable there (design-notes, stop 58).
     */
    static boolean baseFollowsCompanion(int groups) {
        return groups == 1;
    }

    private boolean baseFollowsCompanion() {
        return baseFollowsCompanion(companions.length);
    }

    /**
     * Whether the companions' rows are needed now: always with one group, or once the bucket tails;
     * with several groups through a backlog, only when base rows wait for their match (so that the
     * tables fetch the same buckets).
     */
    boolean wantsCompanions() {
        return baseFollowsCompanion() || !readsBacklog() || !base.isEmpty();
    }

    /**
     * Whether the base stops fetching the bucket now: with one group through a backlog, base rows
     * wait while the companion holds none of the bucket, still has rows to deliver that it had when
     * placed, and its last poll brought none. Once a bucket's companion rows take several fetches,
     * the base would go on fetching it while the companion waits for its next fetch or its queue
     * serves another bucket (Fluss hands out a table's fetches one bucket at a time), and its rows
     * waited up to their share (18 MB of merge buffer at 2,500,000 rows: performance.md, stop 60).
     * While the companion's polls still bring the bucket's rows, a poll at a time, the base goes
     * on: stopping it there too dropped a base fetch per poll. It fetches again once companion rows
     * of the bucket come ({@link #wantsBase()}).
     */
    boolean baseWaitsForCompanion() {
        if (base.isEmpty()) {
            return false;
        }
        OptionalInt behind = companionBehind();
        return behind.isPresent() && companionPassedBy[behind.getAsInt()];
    }

    /**
     * The group whose companion holds no rows of a backlog whose base holds none either, and still
     * has rows to deliver that it had when placed; empty when the base is wanted.
     */
    private OptionalInt companionTheBaseWaitsFor() {
        return base.isEmpty() ? companionBehind() : OptionalInt.empty();
    }

    /**
     * With one group through a backlog, the group whose companion holds no rows of the bucket and
     * still has rows to deliver that it had when placed; empty otherwise.
     */
    private OptionalInt companionBehind() {
        if (!baseFollowsCompanion() || !readsBacklog()) {
            return OptionalInt.empty();
        }
        for (int g = 0; g < companions.length; g++) {
            long position = companionReceivedUpTo[g];
            if (position >= 0 && position < companionEndAtStart[g] && companions[g].isEmpty()) {
                return OptionalInt.of(g);
            }
        }
        return OptionalInt.empty();
    }

    long baseReceivedUpTo() {
        return baseReceivedUpTo;
    }

    long companionReceivedUpTo(int group) {
        return companionReceivedUpTo[group];
    }

    EnrichedBucket bucket() {
        return bucket;
    }
}
