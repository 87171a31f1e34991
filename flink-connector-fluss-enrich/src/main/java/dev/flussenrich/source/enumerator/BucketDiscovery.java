/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.enumerator;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.PartitionIds;
import dev.flussenrich.core.progress.EnrichmentWatermarks;
import dev.flussenrich.core.read.ProjectionPlan;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.source.ScanSettings;
import dev.flussenrich.source.split.BucketSplit;

import org.apache.fluss.client.Connection;

import org.apache.flink.annotation.Internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Finds the buckets of a logical table not handed out yet and turns them into splits with exact
 * offsets: the configured start for buckets found at startup, earliest for partitions created
 * later, and (bounded reads) the frontier as of now.
 */
@Internal
final class BucketDiscovery implements AutoCloseable {

    private final ScanSettings settings;
    private final Connection connection;
    private final EnrichedTable table;
    private final BucketOffsets offsets;
    private final EnrichmentWatermarks watermarks;
    private final PartitionIds partitions;
    private final List<String> gatingGroups;
    private final Consumer<BucketDiscovery> afterListing;

    BucketDiscovery(ScanSettings settings) {
        this(settings, discovery -> {});
    }

    /**
     * A discovery that calls {@code afterListing} between listing the partitions and looking up
     * their offsets: where a test puts the faults that happen there (a partition that goes away, a
     * connection that breaks).
     */
    BucketDiscovery(ScanSettings settings, Consumer<BucketDiscovery> afterListing) {
        this.settings = settings;
        this.afterListing = afterListing;
        this.connection = settings.connection().connect();
        this.table = new EnrichedTables(connection.getAdmin()).load(settings.table());
        this.offsets = new BucketOffsets(connection);
        this.watermarks = new EnrichmentWatermarks(connection, table);
        this.partitions = new PartitionIds(connection.getAdmin(), settings.table());
        this.gatingGroups = new ProjectionPlan(table, settings.columns()).groups();
    }

    boolean isPartitioned() {
        return table.isPartitioned();
    }

    /**
     * What one discovery found: splits of buckets not handed out yet, and the partitions that exist
     * now (empty for a table without partitions).
     */
    record Discovered(List<BucketSplit> splits, Set<String> partitions, boolean partitioned) {

        /** Nothing new in a table without partitions, after its first discovery. */
        static final Discovered NOTHING_NEW = new Discovered(List.of(), Set.of(), false);
    }

    /**
     * New splits for buckets not in {@code known}.
     *
     * @param initial whether this is the first discovery (configured start) or a later one
     *     (partitions created since start from their earliest offset)
     */
    Discovered discover(Set<EnrichedBucket> known, boolean initial) {
        StartPosition start = initial ? settings.start() : StartPosition.earliest();
        List<EnrichedBucket> fresh = new ArrayList<>();
        Set<String> existing = new HashSet<>();
        for (EnrichedBucket bucket :
                partitions.allBuckets(table.isPartitioned(), table.numBuckets())) {
            if (bucket.partitionName() != null) {
                if (!settings.partitionFilter().isEmpty()
                        && !settings.reads(table.partitionValues(bucket.partitionName()))) {
                    continue; // a partition filter pushed down from SQL leaves it out
                }
                existing.add(bucket.partitionName());
            }
            if (!known.contains(bucket)) {
                fresh.add(bucket);
            }
        }
        afterListing.accept(this);
        // One offsets request per partition for all new buckets, not one per bucket; buckets
        // with an explicit start offset need none.
        List<EnrichedBucket> positioned =
                fresh.stream().filter(b -> settings.startOffsetOf(b).isEmpty()).toList();
        Map<EnrichedBucket, Long> starts =
                new HashMap<>(start.resolveAll(table, positioned, offsets, watermarks));
        for (EnrichedBucket bucket : fresh) {
            settings.startOffsetOf(bucket).ifPresent(offset -> starts.put(bucket, offset));
        }
        // The stop offsets of a bounded read: the frontiers of all new buckets, looked up together.
        Map<EnrichedBucket, Long> stops =
                settings.bounded() ? watermarks.frontiers(gatingGroups, fresh) : Map.of();
        List<BucketSplit> splits = new ArrayList<>();
        for (EnrichedBucket bucket : fresh) {
            long startOffset = starts.get(bucket);
            long stopOffset = stops.getOrDefault(bucket, BucketSplit.UNBOUNDED);
            splits.add(
                    new BucketSplit(
                            bucket,
                            startOffset,
                            Math.max(startOffset, stopOffset),
                            table.base().getTableId()));
        }
        return new Discovered(splits, existing, table.isPartitioned());
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }
}
