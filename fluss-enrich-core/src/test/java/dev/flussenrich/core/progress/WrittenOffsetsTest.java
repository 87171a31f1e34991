/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WrittenOffsetsTest {

    @Test
    void contiguousOffsetsMoveTheWatermark() {
        WrittenOffsets written = new WrittenOffsets(0);
        for (long offset = 0; offset < 5; offset++) {
            written.add(offset);
        }
        assertThat(written.enrichedUpTo(0)).isEqualTo(5);
        assertThat(written.runsText()).isEmpty();
    }

    @Test
    void lateDuplicatesInAnyNumberNeverMoveIt() {
        WrittenOffsets written = new WrittenOffsets(0);
        for (long offset = 0; offset < 100; offset++) {
            written.add(offset);
        }
        for (long offset = 0; offset < 1_000; offset++) {
            written.add(offset % 60);
        }
        assertThat(written.enrichedUpTo(0)).isEqualTo(100);
    }

    @Test
    void aHoleHoldsTheWatermarkUntilItIsWritten() {
        WrittenOffsets written = new WrittenOffsets(10);
        written.add(10);
        written.add(13);
        written.add(14);
        written.add(17);
        assertThat(written.enrichedUpTo(0)).isEqualTo(11);
        assertThat(written.runsText()).isEqualTo("13-15,17-18");
        written.add(11);
        written.add(12);
        assertThat(written.enrichedUpTo(0)).isEqualTo(15);
        assertThat(written.runsText()).isEqualTo("17-18");
    }

    @Test
    void offsetsBelowTheBaseLogStartThatRowsSkippedCountAsWritten() {
        WrittenOffsets written = new WrittenOffsets(0);
        written.add(0);
        written.add(7);
        written.add(8);
        assertThat(written.enrichedUpTo(5)).as("a hole at or above the log start").isEqualTo(5);
        assertThat(written.enrichedUpTo(7)).isEqualTo(9);
        assertThat(written.enrichedUpTo(8)).isEqualTo(9);
        assertThat(written.enrichedUpTo(1)).isEqualTo(1);
    }

    @Test
    void rowsEndingBelowTheBaseLogStartShowTheExpiredRows() {
        WrittenOffsets written = new WrittenOffsets(0);
        written.add(0);
        written.add(1);
        assertThat(written.enrichedUpTo(15)).isEqualTo(2);
        written.add(5);
        assertThat(written.enrichedUpTo(15)).isEqualTo(6);
    }

    @Test
    void adjacentRunsMerge() {
        WrittenOffsets written = new WrittenOffsets(0);
        written.add(5);
        written.add(7);
        written.add(6);
        assertThat(written.runsText()).isEqualTo("5-8");
    }

    @Test
    void theTextFormRoundTrips() {
        WrittenOffsets written = WrittenOffsets.of(20, "25-30,40-41");
        assertThat(written.completeBelow()).isEqualTo(20);
        assertThat(written.runsText()).isEqualTo("25-30,40-41");
        for (long offset = 20; offset < 25; offset++) {
            written.add(offset);
        }
        assertThat(written.enrichedUpTo(0)).isEqualTo(30);
        assertThat(WrittenOffsets.of(3, "").enrichedUpTo(0)).isEqualTo(3);
    }
}
