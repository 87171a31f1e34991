/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.read.BufferBound;
import dev.flussenrich.core.read.StartPosition;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a source reads: the table, the projected logical columns, where each bucket starts (a start
 * position, overridden per bucket by explicit start offsets), whether the read is bounded (stops at
 * the frontier captured when it starts), and how much a reader holds back at most while waiting for
 * enrichment, and which partitions it reads (equalities on partition keys; none: every one).
 */
@Internal
public record ScanSettings(
        FlussConnectionConfig connection,
        TablePath table,
        List<String> columns,
        StartPosition start,
        boolean bounded,
        Duration partitionDiscoveryInterval,
        BufferBound bufferBound,
        Map<EnrichedBucket, Long> startOffsets,
        Map<String, String> partitionFilter)
        implements Serializable {

    public ScanSettings {
        columns = List.copyOf(columns);
        // HashMaps: Map.copyOf's result is not Serializable in every JDK.
        startOffsets = new HashMap<>(startOffsets);
        partitionFilter = new HashMap<>(partitionFilter);
    }

    /** Settings that read every partition, with explicit start offsets for some buckets. */
    public ScanSettings(
            FlussConnectionConfig connection,
            TablePath table,
            List<String> columns,
            StartPosition start,
            boolean bounded,
            Duration partitionDiscoveryInterval,
            BufferBound bufferBound,
            Map<EnrichedBucket, Long> startOffsets) {
        this(
                connection,
                table,
                columns,
                start,
                bounded,
                partitionDiscoveryInterval,
                bufferBound,
                startOffsets,
                Map.of());
    }

    /** Settings where every bucket starts at {@code start}. */
    public ScanSettings(
            FlussConnectionConfig connection,
            TablePath table,
            List<String> columns,
            StartPosition start,
            boolean bounded,
            Duration partitionDiscoveryInterval,
            BufferBound bufferBound) {
        this(
                connection,
                table,
                columns,
                start,
                bounded,
                partitionDiscoveryInterval,
                bufferBound,
                Map.of());
    }

    /** These settings, reading only the partitions whose keys have the given values. */
    public ScanSettings withPartitionFilter(Map<String, String> keyValues) {
        return new ScanSettings(
                connection,
                table,
                columns,
                start,
                bounded,
                partitionDiscoveryInterval,
                bufferBound,
                startOffsets,
                keyValues);
    }

    /** Whether the read takes the partition whose keys have {@code partitionValues}. */
    public boolean reads(Map<String, String> partitionValues) {
        return partitionFilter.entrySet().stream()
                .allMatch(e -> e.getValue().equals(partitionValues.get(e.getKey())));
    }

    /**
     * The offset a bucket starts at: its explicit start offset if it has one (as a union read
     * continuing after a lake snapshot does), else where {@link #start()} puts it.
     */
    public Optional<Long> startOffsetOf(EnrichedBucket bucket) {
        return Optional.ofNullable(startOffsets.get(bucket));
    }
}
