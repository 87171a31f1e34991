/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import org.apache.fluss.annotation.PublicEvolving;

/**
 * What an enrichment writer does when a row arrives past the enrichment watermark, or when base
 * retention removed rows before they were enriched. {@link #toString()} is the value users write in
 * options ({@code 'fail'}, {@code 'skip-expired'}, {@code 'fill-null'}).
 */
@PublicEvolving
public enum GapPolicy {
    /**
     * Fail with an error naming the table, group, bucket and both offsets (the default); also when
     * base rows expired before they were enriched.
     */
    FAIL("fail"),
    /**
     * Move past base rows that retention removed before they were enriched (they can never be read
     * again); any other gap fails as with {@link #FAIL}.
     */
    SKIP_EXPIRED("skip-expired"),
    /**
     * Move past expired base rows, and write NULL enrichment for other skipped offsets; every group
     * column must be nullable.
     */
    FILL_NULL("fill-null");

    private final String value;

    GapPolicy(String value) {
        this.value = value;
    }

    @Override
    public String toString() {
        return value;
    }
}
