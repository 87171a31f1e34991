/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Where a SQL read starts ({@code scan.startup.mode}): the start positions of the DataStream API
 * ({@code StartPosition.Kind}), plus {@code full}, Fluss's default, which reads a table's lake
 * first when it has one.
 */
@PublicEvolving
public enum ScanStartupMode {
    /** The lake, then the log from the offsets the lake recorded; the log's start without one. */
    FULL("full"),
    EARLIEST("earliest"),
    LATEST("latest"),
    TIMESTAMP("timestamp"),
    OFFSET("offset"),
    ENRICHMENT_WATERMARK("enrichment-watermark");

    private final String value;

    ScanStartupMode(String value) {
        this.value = value;
    }

    @Override
    public String toString() {
        return value;
    }
}
