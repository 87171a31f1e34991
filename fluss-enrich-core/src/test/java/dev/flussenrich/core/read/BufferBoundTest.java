/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BufferBoundTest {

    @Test
    void wideRowsAreBoundByBytesNarrowRowsByRows() {
        BufferBound bound = new BufferBound(100_000, 32L << 20);
        // 2 buckets x 2 tables: 8 MB and 25,000 rows each
        assertThat(bound.shareInRows(4, 2_440)).isEqualTo(3_437);
        assertThat(bound.shareInRows(4, 200)).isEqualTo(25_000);
    }

    @Test
    void aShareIsAtLeastOneRow() {
        assertThat(new BufferBound(1, 1).shareInRows(64, 10_000)).isEqualTo(1);
        assertThat(BufferBound.DEFAULT.shareInRows(0, 0)).isEqualTo(100_000);
    }

    @Test
    void boundsBelowOneAreRefusedByName() {
        assertThatThrownBy(() -> BufferBound.DEFAULT.withMaxRows(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The buffer bound must be at least 1 row, got 0.");
        assertThatThrownBy(() -> BufferBound.DEFAULT.withMaxBytes(-5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The buffer bound must be at least 1 byte, got -5.");
    }
}
