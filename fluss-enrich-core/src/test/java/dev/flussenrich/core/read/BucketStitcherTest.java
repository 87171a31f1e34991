/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.testutils.InMemoryTables;

import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.record.ChangeType;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;

/** The merge rules of one bucket, without a cluster: gating, first wins, skips, holes, stop. */
class BucketStitcherTest {

    private static final TablePath PATH = TablePath.of("db", "t");
    private static final EnrichedBucket BUCKET = EnrichedBucket.of(0);

    private static EnrichedTable table() {
        return InMemoryTables.of(
                PATH,
                TableDescriptor.builder()
                        .schema(
                                Schema.newBuilder()
                                        .column("id", DataTypes.INT())
                                        .column("city", DataTypes.STRING())
                                        .build())
                        .distributedBy(1)
                        .customProperty("column-groups.geo", "city")
                        .build());
    }

    private static ProjectionPlan plan() {
        return new ProjectionPlan(table(), List.of("id", "city"));
    }

    private static BucketStitcher stitcher(long start, long stop) {
        return new BucketStitcher(PATH, BUCKET, plan(), start, stop, stop);
    }

    private static ScanRecord base(long offset) {
        return new ScanRecord(
                offset, 1000 + offset, ChangeType.APPEND_ONLY, GenericRow.of((int) offset));
    }

    private static ScanRecord companion(long position, long source, String city) {
        return new ScanRecord(
                position,
                0,
                ChangeType.APPEND_ONLY,
                GenericRow.of(source, BinaryString.fromString(city)));
    }

    private static List<String> drain(BucketStitcher stitcher) {
        List<String> out = new ArrayList<>();
        stitcher.drain(
                r ->
                        out.add(
                                r.offset()
                                        + "/"
                                        + r.timestamp()
                                        + " "
                                        + r.row().getInt(0)
                                        + ","
                                        + r.row().getString(1)));
        return out;
    }

    @Test
    void aBaseRowWaitsForItsEnrichment() {
        BucketStitcher stitcher = stitcher(0, Long.MAX_VALUE);
        stitcher.startCompanionAt(0, 0, false);
        stitcher.addBase(List.of(base(0), base(1), base(2)));
        stitcher.addCompanion(0, List.of(companion(0, 0, "a")));
        assertThat(drain(stitcher)).containsExactly("0/1000 0,a");
        stitcher.addCompanion(0, List.of(companion(1, 1, "b"), companion(2, 2, "c")));
        assertThat(drain(stitcher)).containsExactly("1/1001 1,b", "2/1002 2,c");
        assertThat(stitcher.nextOffset()).isEqualTo(3);
    }

    @Test
    void theMergeNamesTheTableItWaitsFor() {
        BucketStitcher stitcher = stitcher(0, 3);
        stitcher.startCompanionAt(0, 0, false);
        stitcher.expectCompanionRowsBelow(0, 3);
        assertThat(stitcher.awaitedTable())
                .as("a backlog's base is fetched once the companion holds rows")
                .isEqualTo(OptionalInt.of(0));
        stitcher.addBase(List.of(base(0), base(1)));
        assertThat(drain(stitcher)).isEmpty();
        assertThat(stitcher.awaitedTable()).isEqualTo(OptionalInt.of(0));
        stitcher.addCompanion(0, List.of(companion(0, 0, "a"), companion(1, 1, "b")));
        assertThat(drain(stitcher)).containsExactly("0/1000 0,a", "1/1001 1,b");
        assertThat(stitcher.awaitedTable()).isEqualTo(OptionalInt.of(0));
        stitcher.addCompanion(0, List.of(companion(2, 3, "d")));
        assertThat(stitcher.awaitedTable()).isEqualTo(OptionalInt.of(ScannedTables.BASE));
        stitcher.addBase(List.of(base(2)));
        assertThat(drain(stitcher)).isEmpty();
        assertThat(stitcher.awaitedTable()).as("stopped by a skip").isEmpty();
        stitcher.leaveOutBelow(3);
        assertThat(stitcher.awaitedTable()).as("finished").isEmpty();
    }

    @Test
    void aBacklogWantsItsBaseOnceEachCompanionHoldsRowsOrHasDeliveredThemAndATailAlways() {
        BucketStitcher backlog = stitcher(0, 3);
        assertThat(backlog.wantsBase()).as("no companion placed yet").isTrue();
        backlog.startCompanionAt(0, 0, false);
        backlog.expectCompanionRowsBelow(0, 2); // the group had enriched rows 0 and 1
        assertThat(backlog.wantsBase()).isFalse();
        backlog.addCompanion(0, List.of(companion(0, 0, "a")));
        assertThat(backlog.wantsBase()).isTrue();
        backlog.addBase(List.of(base(0)));
        assertThat(drain(backlog)).containsExactly("0/1000 0,a");
        assertThat(backlog.wantsBase()).as("the companion's row 1 is still to come").isFalse();
        backlog.addCompanion(0, List.of(companion(1, 1, "b")));
        backlog.addBase(List.of(base(1)));
        assertThat(drain(backlog)).containsExactly("1/1001 1,b");
        assertThat(backlog.wantsBase())
                .as("row 2, not enriched yet, is fetched and held back as in a tail")
                .isTrue();

        BucketStitcher tail = new BucketStitcher(PATH, BUCKET, plan(), 0, Long.MAX_VALUE, 0);
        tail.startCompanionAt(0, 0, false);
        assertThat(tail.wantsBase()).isTrue();
        assertThat(tail.awaitedTable()).isEqualTo(OptionalInt.of(ScannedTables.BASE));
    }

    @Test
    void throughABacklogTheBaseStopsFetchingWhileItsRowsWaitForACompanionWhosePollsBringNone() {
        BucketStitcher backlog = stitcher(0, 6);
        backlog.startCompanionAt(0, 0, false);
        backlog.expectCompanionRowsBelow(0, 4); // the group had enriched rows 0 to 3
        backlog.addCompanion(0, List.of(companion(0, 0, "a")));
        backlog.addBase(List.of(base(0), base(1), base(2)));
        assertThat(drain(backlog)).containsExactly("0/1000 0,a");
        assertThat(backlog.baseWaitsForCompanion())
                .as("the companion's last poll brought this bucket's rows")
                .isFalse();
        backlog.companionPollStarts(0);
        assertThat(backlog.baseWaitsForCompanion())
                .as("base rows 1 and 2 wait, the companion's last poll brought none")
                .isTrue();
        assertThat(backlog.wantsBase()).isTrue();
        backlog.addCompanion(0, List.of(companion(1, 1, "b")));
        assertThat(backlog.baseWaitsForCompanion()).as("the companion holds a row").isFalse();
        assertThat(drain(backlog)).containsExactly("1/1001 1,b");
        assertThat(backlog.baseWaitsForCompanion()).isFalse();
        backlog.companionPollStarts(0);
        assertThat(backlog.baseWaitsForCompanion()).isTrue();
        backlog.addCompanion(0, List.of(companion(2, 2, "c"), companion(3, 3, "d")));
        assertThat(drain(backlog)).containsExactly("2/1002 2,c");
        backlog.companionPollStarts(0);
        assertThat(backlog.baseWaitsForCompanion()).as("the base holds no rows").isFalse();
        backlog.addBase(List.of(base(3), base(4)));
        assertThat(drain(backlog)).containsExactly("3/1003 3,d");
        backlog.companionPollStarts(0);
        assertThat(backlog.baseWaitsForCompanion())
                .as("row 4, not enriched yet, is fetched and held back as in a tail")
                .isFalse();

        BucketStitcher tail = new BucketStitcher(PATH, BUCKET, plan(), 0, Long.MAX_VALUE, 0);
        tail.startCompanionAt(0, 0, false);
        tail.expectCompanionRowsBelow(0, 4);
        tail.addBase(List.of(base(0)));
        tail.companionPollStarts(0);
        assertThat(tail.baseWaitsForCompanion()).as("a tail fetches its base always").isFalse();
    }

    /**
     * Defect (stop 58): a bucket that had caught up waited for its base, and each pass waited a
     * slice on the base while another bucket took its companion's rows 100 at a time: a vector
     * read's last fifth of rows came at 4,400 rows a second. Now a pass waits for the tables the
     * buckets holding rows wait for, and for the others only when no bucket holds rows.
     */
    @Test
    void aPassWaitsForWhatTheBucketsHoldingRowsWaitFor() {
        BucketStitcher caughtUp = tail();
        BucketStitcher holding = tail();
        holding.addBase(List.of(base(0), base(1)));
        assertThat(drain(holding)).isEmpty();
        assertThat(caughtUp.awaitedTable()).isEqualTo(OptionalInt.of(ScannedTables.BASE));
        assertThat(holding.awaitedTable()).isEqualTo(OptionalInt.of(0));

        assertThat(StitchedScanner.awaitedTables(List.of(caughtUp, holding), 1))
                .as("the base, then the group")
                .containsExactly(false, true);
        assertThat(StitchedScanner.awaitedTables(List.of(caughtUp), 1))
                .as("no bucket holds rows: wait for what any waits for")
                .containsExactly(true, false);
    }

    /** A bucket read from offset 0 that tails (its backlog ended at 0), its companion placed. */
    private static BucketStitcher tail() {
        BucketStitcher tail = new BucketStitcher(PATH, BUCKET, plan(), 0, Long.MAX_VALUE, 0);
        tail.startCompanionAt(0, 0, false);
        return tail;
    }

    @Test
    void duplicatesAreSkippedAndTheFirstRowWins() {
        BucketStitcher stitcher = stitcher(0, Long.MAX_VALUE);
        stitcher.startCompanionAt(0, 0, false);
        stitcher.addBase(List.of(base(0), base(1)));
        stitcher.addCompanion(
                0,
                List.of(
                        companion(0, 0, "first"),
                        companion(1, 0, "second"),
                        companion(2, 1, "first"),
                        companion(3, 0, "third"),
                        companion(4, 1, "second")));
        assertThat(drain(stitcher)).containsExactly("0/1000 0,first", "1/1001 1,first");
    }

    @Test
    void companionRowsBeforeTheStartAreSkipped() {
        BucketStitcher stitcher = stitcher(5, Long.MAX_VALUE);
        stitcher.startCompanionAt(0, 3, false);
        stitcher.addBase(List.of(base(4), base(5)));
        stitcher.addCompanion(
                0, List.of(companion(3, 3, "x"), companion(4, 4, "y"), companion(5, 5, "z")));
        assertThat(drain(stitcher)).containsExactly("5/1005 5,z");
    }

    @Test
    void redeliveredRecordsAreIgnored() {
        BucketStitcher stitcher = stitcher(0, Long.MAX_VALUE);
        stitcher.startCompanionAt(0, 0, false);
        stitcher.addBase(List.of(base(0), base(1)));
        stitcher.addBase(List.of(base(1)));
        stitcher.addCompanion(0, List.of(companion(0, 0, "a"), companion(1, 1, "b")));
        stitcher.addCompanion(0, List.of(companion(1, 1, "again")));
        assertThat(drain(stitcher)).containsExactly("0/1000 0,a", "1/1001 1,b");
    }

    @Test
    void aBoundedReadStopsAtItsStopOffset() {
        BucketStitcher stitcher = stitcher(0, 2);
        stitcher.startCompanionAt(0, 0, false);
        stitcher.addBase(List.of(base(0), base(1), base(2)));
        stitcher.addCompanion(
                0, List.of(companion(0, 0, "a"), companion(1, 1, "b"), companion(2, 2, "c")));
        assertThat(drain(stitcher)).containsExactly("0/1000 0,a", "1/1001 1,b");
        assertThat(stitcher.isFinished()).isTrue();
    }

    @Test
    void aCompanionThatJumpsPastTheExpectedOffsetStopsTheMergeForTheScannerToExplain() {
        BucketStitcher stitcher = stitcher(0, Long.MAX_VALUE);
        stitcher.startCompanionAt(0, 0, false);
        stitcher.addBase(List.of(base(0), base(1)));
        stitcher.addCompanion(0, List.of(companion(0, 0, "a"), companion(1, 2, "c")));
        assertThat(drain(stitcher)).containsExactly("0/1000 0,a");
        assertThat(stitcher.pendingSkip()).isEqualTo(new BucketStitcher.Skip(0, 1, 2, 1));
        assertThat(stitcher.skipFromEstimate()).isFalse();
        // nothing more is emitted until the skip is explained
        stitcher.addBase(List.of(base(2)));
        assertThat(drain(stitcher)).isEmpty();
    }

    @Test
    void aHoleIsWaitedForThenTheRowsAfterItAreReadAgainAndWin() {
        BucketStitcher stitcher = stitcher(0, Long.MAX_VALUE);
        stitcher.startCompanionAt(0, 0, false);
        stitcher.addBase(List.of(base(0), base(1), base(2), base(3)));
        // offset 1 failed; 2 and 3 landed after it; later the next writer wrote 1, 2, 3 again
        stitcher.addCompanion(
                0,
                List.of(
                        companion(0, 0, "a"),
                        companion(1, 2, "c"),
                        companion(2, 3, "d"),
                        companion(3, 1, "b'"),
                        companion(4, 2, "c'"),
                        companion(5, 3, "d'")));
        assertThat(drain(stitcher)).containsExactly("0/1000 0,a");
        stitcher.awaitRefill();
        assertThat(stitcher.awaitsRefill()).isTrue();
        assertThat(drain(stitcher)).containsExactly("1/1001 1,b'");
        assertThat(stitcher.pendingRewind()).isEqualTo(new BucketStitcher.Rewind(0, 1));
        stitcher.startCompanionAt(0, 1, false); // the scanner reads again from log offset 1
        stitcher.addCompanion(
                0,
                List.of(
                        companion(1, 2, "c"),
                        companion(2, 3, "d"),
                        companion(3, 1, "b'"),
                        companion(4, 2, "c'"),
                        companion(5, 3, "d'")));
        assertThat(drain(stitcher)).containsExactly("2/1002 2,c", "3/1003 3,d");
        assertThat(stitcher.awaitsRefill()).isFalse();
    }

    @Test
    void rowsLeftOutBelowASkipAreDroppedAndTheMergeGoesOn() {
        BucketStitcher stitcher = stitcher(0, Long.MAX_VALUE);
        stitcher.startCompanionAt(0, 0, false);
        stitcher.addBase(List.of(base(0), base(1), base(2), base(3)));
        stitcher.addCompanion(0, List.of(companion(0, 2, "c"), companion(1, 3, "d")));
        assertThat(drain(stitcher)).isEmpty();
        stitcher.leaveOutBelow(stitcher.pendingSkip().source());
        assertThat(drain(stitcher)).containsExactly("2/1002 2,c", "3/1003 3,d");
        assertThat(stitcher.nextOffset()).isEqualTo(4);
    }

    @Test
    void aCompanionReadFromAnEstimateIsConfirmedByItsFirstMatch() {
        BucketStitcher stitcher = stitcher(0, Long.MAX_VALUE);
        stitcher.startCompanionAt(0, 5, true);
        stitcher.addBase(List.of(base(0)));
        stitcher.addCompanion(0, List.of(companion(5, 1, "b")));
        assertThat(drain(stitcher)).isEmpty();
        assertThat(stitcher.skipFromEstimate()).isTrue();
        stitcher.startCompanionAt(0, 0, false);
        assertThat(stitcher.pendingSkip()).isNull();
        stitcher.addCompanion(0, List.of(companion(0, 0, "a"), companion(1, 1, "b")));
        stitcher.addBase(List.of(base(1)));
        assertThat(drain(stitcher)).containsExactly("0/1000 0,a", "1/1001 1,b");
    }

    @Test
    void aRetiredBucketIsFinishedAndHoldsNothing() {
        BucketStitcher stitcher = stitcher(0, Long.MAX_VALUE);
        stitcher.addBase(List.of(base(0)));
        stitcher.retire();
        assertThat(stitcher.isFinished()).isTrue();
        assertThat(stitcher.isGone()).isTrue();
        assertThat(stitcher.pendingBase()).isZero();
    }
}
