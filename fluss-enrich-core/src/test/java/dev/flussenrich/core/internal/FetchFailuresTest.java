/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.exception.FetchException;
import org.apache.fluss.exception.LogOffsetOutOfRangeException;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FetchFailuresTest {

    @Test
    void fluss091sOutOfRangeFailureIsRecognisedByItsMessage() {
        // as LogFetchCollector builds it: a message, no cause
        FetchException outOfRange =
                new FetchException(
                        String.format(
                                "The fetching offset %s is out of range: %s",
                                12L,
                                new LogOffsetOutOfRangeException(
                                        "Received request for offset 12 for table bucket 3, but"
                                                + " we only have log segments starting from"
                                                + " offset: 40.")));
        assertThat(outOfRange.getCause()).isNull();
        assertThat(FetchFailures.isOutOfRange(outOfRange)).isTrue();
    }

    @Test
    void otherFetchFailuresAreNot() {
        assertThat(FetchFailures.isOutOfRange(new FetchException("Fetch failed: timeout")))
                .isFalse();
        assertThat(FetchFailures.isOutOfRange(new FetchException((String) null))).isFalse();
    }
}
