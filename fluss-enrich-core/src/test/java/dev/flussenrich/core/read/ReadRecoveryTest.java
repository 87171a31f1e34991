/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Where a bucket's read starts when base retention removed rows from its start offset on. */
class ReadRecoveryTest {

    @Test
    void aStartAtOrPastTheLogStartStays() {
        assertThat(ReadRecovery.startPastExpired(10, Long.MAX_VALUE, 5)).isEqualTo(10);
        assertThat(ReadRecovery.startPastExpired(5, Long.MAX_VALUE, 5)).isEqualTo(5);
    }

    @Test
    void anExpiredStartMovesToTheLogStart() {
        assertThat(ReadRecovery.startPastExpired(3, Long.MAX_VALUE, 8)).isEqualTo(8);
        assertThat(ReadRecovery.startPastExpired(3, 8, 8)).isEqualTo(8);
        assertThat(ReadRecovery.startPastExpired(3, 20, 8)).isEqualTo(8);
    }

    @Test
    void aBoundedReadWhoseRowsAllExpiredStartsAtItsStop() {
        assertThat(ReadRecovery.startPastExpired(3, 6, 8)).isEqualTo(6);
        // a range that was empty stays as it was
        assertThat(ReadRecovery.startPastExpired(3, 3, 8)).isEqualTo(3);
        assertThat(ReadRecovery.startPastExpired(3, 2, 8)).isEqualTo(3);
    }
}
