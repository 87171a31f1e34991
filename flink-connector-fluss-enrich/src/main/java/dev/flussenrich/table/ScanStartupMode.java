/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.read.StartPosition;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Where a SQL read starts ({@code scan.startup.mode}): the start positions of the DataStream API,
 * plus {@code full}, Fluss's default, which reads a table's lake first when it has one.
 */
@PublicEvolving
public enum ScanStartupMode {
    /** The lake, then the log from the offsets the lake recorded; the log's start without one. */
    FULL("full", StartPosition.Kind.EARLIEST),
    EARLIEST("earliest", StartPosition.Kind.EARLIEST),
    LATEST("latest", StartPosition.Kind.LATEST),
    TIMESTAMP("timestamp", StartPosition.Kind.TIMESTAMP),
    OFFSET("offset", StartPosition.Kind.OFFSET),
    ENRICHMENT_WATERMARK("enrichment-watermark", StartPosition.Kind.ENRICHMENT_WATERMARK);

    private final String value;
    private final StartPosition.Kind logStart;

    ScanStartupMode(String value, StartPosition.Kind logStart) {
        this.value = value;
        this.logStart = logStart;
    }

    /** Where the log part starts (all of the read, for a table without a lake). */
    public StartPosition.Kind logStart() {
        return logStart;
    }

    @Override
    public String toString() {
        return value;
    }
}
