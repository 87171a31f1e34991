/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.apache.fluss.row.InternalRow;

/** Test access to the Java value of a stitched row's field. */
public final class StitchedRows {

    private StitchedRows() {}

    public static Object field(InternalRow row, int pos) {
        return ((StitchedRow) row).getField(pos);
    }
}
