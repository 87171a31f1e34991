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
        assertThat(alone(10, 10, true, true)).isEqualTo(Fetch.PAUSE);
        assertThat(alone(10, 10, false, true)).isEqualTo(Fetch.PAUSE);
        assertThat(alone(25, 10, true, true)).isEqualTo(Fetch.PAUSE);
    }

    @Test
    void aPausedBucketResumesOnceHalfItsShareIsDrained() {
        assertThat(alone(6, 10, false, true)).isEqualTo(Fetch.KEEP);
        assertThat(alone(5, 10, false, true)).isEqualTo(Fetch.RESUME);
        assertThat(alone(0, 10, false, true)).isEqualTo(Fetch.RESUME);
        // odd shares round the half down
        assertThat(alone(2, 5, false, true)).isEqualTo(Fetch.RESUME);
        assertThat(alone(3, 5, false, true)).isEqualTo(Fetch.KEEP);
    }

    @Test
    void aFetchingBucketBelowItsShareGoesOn() {
        assertThat(alone(0, 10, true, true)).isEqualTo(Fetch.KEEP);
        assertThat(alone(9, 10, true, true)).isEqualTo(Fetch.KEEP);
    }

    @Test
    void aShareOfOneRowFetchesOneRowAtATime() {
        assertThat(alone(0, 1, false, true)).isEqualTo(Fetch.RESUME);
        assertThat(alone(0, 1, true, true)).isEqualTo(Fetch.KEEP);
        assertThat(alone(1, 1, true, true)).isEqualTo(Fetch.PAUSE);
    }

    @Test
    void aBucketHoldingRowsPausesOnceTheTableHoldsItsPartEvenBelowItsShare() {
        // three buckets got rows one after the other: 20 (a whole part of 20), 10, then this one 6
        assertThat(Fetch.of(6, 6, 36, 20, true, true)).isEqualTo(Fetch.PAUSE);
        assertThat(Fetch.of(1, 6, 20, 20, true, true)).isEqualTo(Fetch.PAUSE);
        assertThat(Fetch.of(1, 6, 19, 20, true, true)).isEqualTo(Fetch.KEEP);
    }

    @Test
    void aBucketHoldingNoRowsFetchesHoweverFullTheTableIs() {
        // the rows held wait for another table; this bucket's rows are the ones that can go on
        assertThat(Fetch.of(0, 6, 36, 20, true, true)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(0, 6, 36, 20, false, true)).isEqualTo(Fetch.RESUME);
    }

    @Test
    void aBucketPausedForAFullTableResumesOnceTheTableIsDownToHalfItsPart() {
        assertThat(Fetch.of(2, 6, 11, 20, false, true)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(2, 6, 10, 20, false, true)).isEqualTo(Fetch.RESUME);
    }

    @Test
    void aCompanionNobodyWaitsForIsNotSubscribedButKeepsWhatItFetches() {
        assertThat(alone(0, 10, false, false)).isEqualTo(Fetch.KEEP);
        assertThat(alone(0, 10, true, false)).isEqualTo(Fetch.KEEP);
        assertThat(alone(10, 10, true, false)).isEqualTo(Fetch.PAUSE);
        // once the base delivers rows that wait for it, it fetches
        assertThat(alone(0, 10, false, true)).isEqualTo(Fetch.RESUME);
    }

    /** The decision for a bucket that holds all of its table's held rows, within its part. */
    private static Fetch alone(int held, int share, boolean subscribed, boolean wanted) {
        return Fetch.of(held, share, held, Integer.MAX_VALUE, subscribed, wanted);
    }
}
