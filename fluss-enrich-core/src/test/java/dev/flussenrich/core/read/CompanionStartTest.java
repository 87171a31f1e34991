/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a companion bucket is read from. The companion of these tests holds log offsets 100..199;
 * in the plain case they carry source offsets 1000..1099.
 */
class CompanionStartTest {

    /** Source offsets of a companion bucket whose log starts at 100, one per log offset. */
    private static LongUnaryOperator sources(long... byLogOffset) {
        return logOffset -> byLogOffset[(int) (logOffset - 100)];
    }

    private static long[] run(long firstSource, int rows) {
        long[] sources = new long[rows];
        for (int i = 0; i < rows; i++) {
            sources[i] = firstSource + i;
        }
        return sources;
    }

    private static long[] concat(long[] first, long[] second) {
        long[] all = new long[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }

    private static final LongUnaryOperator NOT_ASKED =
            logOffset -> {
                throw new AssertionError("asked for log offset " + logOffset);
            };

    @Test
    void anEmptyCompanionIsReadFromItsLogStartWithoutProbing() {
        assertThat(CompanionStart.estimate(1050, 100, () -> 100, NOT_ASKED))
                .isEqualTo(new CompanionStart(100, false));
        // a high watermark below the log start (never seen) counts as empty too
        assertThat(CompanionStart.estimate(1050, 100, () -> 90, NOT_ASKED))
                .isEqualTo(new CompanionStart(100, false));
    }

    @Test
    void aContiguousCompanionIsReadFromTheExactRow() {
        assertThat(CompanionStart.estimate(1050, 100, () -> 200, sources(run(1000, 100))))
                .isEqualTo(new CompanionStart(150, true));
        assertThat(CompanionStart.estimate(1099, 100, () -> 200, sources(run(1000, 100))))
                .isEqualTo(new CompanionStart(199, true));
    }

    @Test
    void onlyTheFirstAndTheLastRowAreProbed() {
        List<Long> asked = new ArrayList<>();
        CompanionStart.estimate(
                1050,
                100,
                () -> 200,
                logOffset -> {
                    asked.add(logOffset);
                    return 1000 + logOffset - 100;
                });
        assertThat(asked).containsExactly(100L, 199L);
    }

    @Test
    void aReaderAtOrBeforeTheFirstRowReadsFromTheLogStartUnestimated() {
        assertThat(CompanionStart.estimate(1000, 100, () -> 200, sources(run(1000, 100))))
                .isEqualTo(new CompanionStart(100, false));
        assertThat(CompanionStart.estimate(990, 100, () -> 200, sources(run(1000, 100))))
                .isEqualTo(new CompanionStart(100, false));
        assertThat(CompanionStart.estimate(0, 100, () -> 200, sources(run(1000, 100))))
                .isEqualTo(new CompanionStart(100, false));
    }

    @Test
    void aReadFromBaseOffsetZeroAsksNothing() {
        assertThat(
                        CompanionStart.estimate(
                                0,
                                100,
                                () -> {
                                    throw new AssertionError("asked for the high watermark");
                                },
                                NOT_ASKED))
                .isEqualTo(new CompanionStart(100, false));
    }

    @Test
    void aReaderPastTheLastRowWaitsAtTheHighWatermark() {
        assertThat(CompanionStart.estimate(1100, 100, () -> 200, sources(run(1000, 100))))
                .isEqualTo(new CompanionStart(200, true));
        assertThat(CompanionStart.estimate(5000, 100, () -> 200, sources(run(1000, 100))))
                .isEqualTo(new CompanionStart(200, true));
    }

    @Test
    void skippedSourceOffsetsAreBoundedByCountingBackFromTheLastRow() {
        // 10 rows for 1000..1009, then the writer moved past expired rows 1010..1499
        long[] sources = concat(run(1000, 10), run(1500, 90));
        // counted from the first row: 100 + 550 = 650, past the high watermark; from the last
        // row: 200 - (1590 - 1550) = 160, where 1550 is
        assertThat(CompanionStart.estimate(1550, 100, () -> 200, sources(sources)))
                .isEqualTo(new CompanionStart(160, true));
        // a next offset inside the skipped range: counted back from the last row, 200 - 390 lies
        // before the first row, so the read starts there (the rows before 1500 are skipped)
        assertThat(CompanionStart.estimate(1200, 100, () -> 200, sources(sources)))
                .isEqualTo(new CompanionStart(100, false));
    }

    @Test
    void lateDuplicatesAfterTheLastRowAreBoundedByCountingFromTheFirstRow() {
        // 90 rows for 1000..1089, then 10 late duplicates of 1080..1089
        long[] sources = concat(run(1000, 90), run(1080, 10));
        // from the last row: 200 - (1090 - 1050) = 160, past the row; from the first: 150
        assertThat(CompanionStart.estimate(1050, 100, () -> 200, sources(sources)))
                .isEqualTo(new CompanionStart(150, true));
    }

    @Test
    void aSingleRowCompanion() {
        assertThat(CompanionStart.estimate(7, 100, () -> 101, sources(7)))
                .isEqualTo(new CompanionStart(100, false));
        assertThat(CompanionStart.estimate(8, 100, () -> 101, sources(7)))
                .isEqualTo(new CompanionStart(101, true));
    }
}
