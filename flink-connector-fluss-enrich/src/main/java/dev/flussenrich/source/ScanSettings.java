/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.StartPosition;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;

/**
 * What a source reads: the table, the projected logical columns, where each bucket starts, whether
 * the read is bounded (stops at the frontier captured when it starts), and how many rows a reader
 * holds back at most while waiting for enrichment.
 */
@Internal
public record ScanSettings(
        FlussConnectionConfig connection,
        TablePath table,
        List<String> columns,
        StartPosition start,
        boolean bounded,
        Duration partitionDiscoveryInterval,
        int maxBufferedRows)
        implements Serializable {

    public ScanSettings {
        columns = List.copyOf(columns);
    }
}
