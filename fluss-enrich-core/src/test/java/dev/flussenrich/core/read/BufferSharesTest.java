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
    void oneSharePerUnfinishedBucketAndTable() {
        assertThat(BufferShares.shares(4, 0)).isEqualTo(4);
        assertThat(BufferShares.shares(4, 2)).isEqualTo(12);
        assertThat(BufferShares.shares(0, 2)).isZero();
        // 2 buckets, base and one companion: a quarter of the bound each
        assertThat(new BufferBound(100, Long.MAX_VALUE).shareInRows(BufferShares.shares(2, 1), 1))
                .isEqualTo(25);
    }

    @Test
    void aBucketHoldingItsSharePausesSubscribedOrNot() {
        assertThat(Fetch.of(10, 10, true)).isEqualTo(Fetch.PAUSE);
        assertThat(Fetch.of(10, 10, false)).isEqualTo(Fetch.PAUSE);
        assertThat(Fetch.of(25, 10, true)).isEqualTo(Fetch.PAUSE);
    }

    @Test
    void aPausedBucketResumesOnceHalfItsShareIsDrained() {
        assertThat(Fetch.of(6, 10, false)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(5, 10, false)).isEqualTo(Fetch.RESUME);
        assertThat(Fetch.of(0, 10, false)).isEqualTo(Fetch.RESUME);
        // odd shares round the half down
        assertThat(Fetch.of(2, 5, false)).isEqualTo(Fetch.RESUME);
        assertThat(Fetch.of(3, 5, false)).isEqualTo(Fetch.KEEP);
    }

    @Test
    void aFetchingBucketBelowItsShareGoesOn() {
        assertThat(Fetch.of(0, 10, true)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(9, 10, true)).isEqualTo(Fetch.KEEP);
    }

    @Test
    void aShareOfOneRowFetchesOneRowAtATime() {
        assertThat(Fetch.of(0, 1, false)).isEqualTo(Fetch.RESUME);
        assertThat(Fetch.of(0, 1, true)).isEqualTo(Fetch.KEEP);
        assertThat(Fetch.of(1, 1, true)).isEqualTo(Fetch.PAUSE);
    }
}
