/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.read.BufferShares.Fetch;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BufferSharesTest {

    @Test
    void oneSharePerBucketHoldingRowsAndTable() {
        assertThat(BufferShares.shares(4, 0)).isEqualTo(4);
        assertThat(BufferShares.shares(4, 2)).isEqualTo(12);
        // no bucket holds rows of the table yet: its whole part is one share
        assertThat(BufferShares.shares(0, 2)).isEqualTo(3);
        // 2 buckets, base and one companion: a quarter of the bound each
        assertThat(new BufferBound(100, Long.MAX_VALUE).shareInRows(BufferShares.shares(2, 1), 1))
                .isEqualTo(25);
    }

    @Test
    void aBucketHoldingItsSharePausesSubscribedOrNot() {
        assertThat(Fetch.of(10, 10, true, true)).isEqualTo(Fetch.PAUSE);
        assertThat(Fetch.of(10, 10, false, true)).isEqualTo(Fetch.PAUSE);
        assertThat(Fetch.of(25, 10, true, true)).isEqualTo(Fetch.PAUSE);
    }

    @Test
    void aPausedBucketResumesOnceHalfItsShareIsDrained() {
        assertThat(Fetch.of(6, 10, false, true)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(5, 10, false, true)).isEqualTo(Fetch.RESUME);
        assertThat(Fetch.of(0, 10, false, true)).isEqualTo(Fetch.RESUME);
        // odd shares round the half down
        assertThat(Fetch.of(2, 5, false, true)).isEqualTo(Fetch.RESUME);
        assertThat(Fetch.of(3, 5, false, true)).isEqualTo(Fetch.KEEP);
    }

    @Test
    void aFetchingBucketBelowItsShareGoesOn() {
        assertThat(Fetch.of(0, 10, true, true)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(9, 10, true, true)).isEqualTo(Fetch.KEEP);
    }

    @Test
    void aShareOfOneRowFetchesOneRowAtATime() {
        assertThat(Fetch.of(0, 1, false, true)).isEqualTo(Fetch.RESUME);
        assertThat(Fetch.of(0, 1, true, true)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(1, 1, true, true)).isEqualTo(Fetch.PAUSE);
    }

    @Test
    void aCompanionNobodyWaitsForIsNotSubscribedButKeepsWhatItFetches() {
        assertThat(Fetch.of(0, 10, false, false)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(0, 10, true, false)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(10, 10, true, false)).isEqualTo(Fetch.PAUSE);
        // once the base delivers rows that wait for it, it fetches
        assertThat(Fetch.of(0, 10, false, true)).isEqualTo(Fetch.RESUME);
    }
}
