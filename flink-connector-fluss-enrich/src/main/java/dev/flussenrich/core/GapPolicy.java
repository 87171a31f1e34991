/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

/** What an enrichment writer does when a row arrives past the enrichment watermark. */
public enum GapPolicy {
    /** Fail with an error naming the table, group, bucket and both offsets (the default). */
    FAIL,
    /** Write NULL enrichment for the skipped offsets; every group column must be nullable. */
    FILL_NULL
}
