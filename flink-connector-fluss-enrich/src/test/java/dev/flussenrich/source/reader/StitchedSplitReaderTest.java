/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.reader;

import dev.flussenrich.core.FlussConnectionConfig;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class StitchedSplitReaderTest {

    private static final String MAX_POLL_RECORDS = "client.scanner.log.max-poll-records";

    @Test
    void aReaderPollsAHundredRowsAtATimeByDefault() {
        FlussConnectionConfig configured = FlussConnectionConfig.of("localhost:9123", Map.of());

        assertThat(StitchedSplitReader.readerConnection(configured).options())
                .containsEntry(MAX_POLL_RECORDS, "100");
    }

    @Test
    void theUsersPollSizeWins() {
        FlussConnectionConfig configured =
                FlussConnectionConfig.of("localhost:9123", Map.of(MAX_POLL_RECORDS, "500"));

        assertThat(StitchedSplitReader.readerConnection(configured).options())
                .containsEntry(MAX_POLL_RECORDS, "500");
    }
}
