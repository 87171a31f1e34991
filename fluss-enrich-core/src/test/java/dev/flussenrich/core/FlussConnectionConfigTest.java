/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class FlussConnectionConfigTest {

    private static final String MAX_POLL_RECORDS = "client.scanner.log.max-poll-records";

    @Test
    void aReaderPollsAHundredRowsAtATimeByDefault() {
        FlussConnectionConfig configured = FlussConnectionConfig.of("localhost:9123", Map.of());

        assertThat(configured.forReaders().options()).containsEntry(MAX_POLL_RECORDS, "100");
    }

    @Test
    void theUsersPollSizeWins() {
        FlussConnectionConfig configured =
                FlussConnectionConfig.of("localhost:9123", Map.of(MAX_POLL_RECORDS, "500"));

        assertThat(configured.forReaders().options()).containsEntry(MAX_POLL_RECORDS, "500");
    }
}
