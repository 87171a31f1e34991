/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;

/**
 * What an enrichment writer does when a row arrives past the enrichment watermark. {@link
 * #toString()} is the value users write in options ({@code 'fail'}, {@code 'fill-null'}).
 */
@PublicEvolving
public enum GapPolicy {
    /** Fail with an error naming the table, group, bucket and both offsets (the default). */
    FAIL("fail"),
    /** Write NULL enrichment for the skipped offsets; every group column must be nullable. */
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
