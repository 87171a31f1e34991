/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.junit.jupiter.api.Test;

import java.util.function.LongSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a companion skip means. The skip of these tests: the reader expects base offset 40, the
 * companion row at log offset 30 carries source offset 50.
 */
class SkipCauseTest {

    private static final BucketStitcher.Skip SKIP = new BucketStitcher.Skip(0, 40, 50, 30);

    private static final LongSupplier NOT_ASKED =
            () -> {
                throw new AssertionError("the base's log start was asked for");
            };

    private static LongSupplier baseLogStart(long offset) {
        return () -> offset;
    }

    @Test
    void theCompanionsFirstStoredRowIsCompanionRetention() {
        assertThat(SkipCause.of(SKIP, 30, false, NOT_ASKED))
                .isEqualTo(SkipCause.COMPANION_RETENTION);
        // retention moved the log start past the row since it was fetched
        assertThat(SkipCause.of(SKIP, 31, false, NOT_ASKED))
                .isEqualTo(SkipCause.COMPANION_RETENTION);
        // before an estimate that overshot
        assertThat(SkipCause.of(SKIP, 30, true, NOT_ASKED))
                .isEqualTo(SkipCause.COMPANION_RETENTION);
    }

    @Test
    void aLaterRowReadFromAnEstimateIsAnOvershoot() {
        assertThat(SkipCause.of(SKIP, 29, true, NOT_ASKED)).isEqualTo(SkipCause.ESTIMATE_OVERSHOT);
        assertThat(SkipCause.of(SKIP, 0, true, NOT_ASKED)).isEqualTo(SkipCause.ESTIMATE_OVERSHOT);
    }

    @Test
    void aSourceOffsetAtOrBelowTheBasesLogStartIsBaseRetention() {
        assertThat(SkipCause.of(SKIP, 29, false, baseLogStart(50)))
                .isEqualTo(SkipCause.BASE_RETENTION);
        assertThat(SkipCause.of(SKIP, 29, false, baseLogStart(60)))
                .isEqualTo(SkipCause.BASE_RETENTION);
    }

    @Test
    void anythingElseIsAHole() {
        assertThat(SkipCause.of(SKIP, 29, false, baseLogStart(49))).isEqualTo(SkipCause.HOLE);
        assertThat(SkipCause.of(SKIP, 29, false, baseLogStart(0))).isEqualTo(SkipCause.HOLE);
    }
}
