/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Looks up the enrichment watermark {@code EWM_g(p, b)}: the next base offset that group {@code g}
 * expects in a bucket. It is derived from data alone: the source offset of the companion bucket's
 * last row + 1, or the base's earliest offset when the companion bucket is empty.
 */
@PublicEvolving
public final class EnrichmentWatermarks {

    private final Connection connection;
    private final EnrichedTable table;
    private final BucketOffsets offsets;
    private final CompanionProbe probe;
    private final Map<String, PartitionIds> companionPartitions = new HashMap<>();

    public EnrichmentWatermarks(Connection connection, EnrichedTable table) {
        this.connection = connection;
        this.table = table;
        this.offsets = new BucketOffsets(connection.getAdmin());
        this.probe = new CompanionProbe(connection);
    }

    /** The enrichment watermark of a group in one bucket. */
    public long watermark(String group, EnrichedBucket bucket) {
        TablePath companion = table.requireGroup(group).companionPath();
        Optional<Long> partitionId = companionPartitionId(group, bucket);
        if (bucket.partitionName() != null && partitionId.isEmpty()) {
            return offsets.earliest(table.tablePath(), bucket);
        }
        long highWatermark = offsets.highWatermark(companion, bucket);
        long earliest = offsets.earliest(companion, bucket);
        if (highWatermark <= earliest) {
            return offsets.earliest(table.tablePath(), bucket);
        }
        return probe.sourceOffsetAt(
                        companion, partitionId.orElse(null), bucket.bucket(), highWatermark - 1)
                + 1;
    }

    /** The read frontier of a set of groups: min(base high watermark, each group's EWM). */
    public long frontier(Iterable<String> groups, EnrichedBucket bucket) {
        long frontier = offsets.highWatermark(table.tablePath(), bucket);
        for (String group : groups) {
            frontier = Math.min(frontier, watermark(group, bucket));
        }
        return frontier;
    }

    private Optional<Long> companionPartitionId(String group, EnrichedBucket bucket) {
        if (bucket.partitionName() == null) {
            return Optional.empty();
        }
        return companionPartitions
                .computeIfAbsent(
                        group,
                        g ->
                                new PartitionIds(
                                        connection.getAdmin(),
                                        table.requireGroup(g).companionPath()))
                .idOf(bucket.partitionName());
    }
}
