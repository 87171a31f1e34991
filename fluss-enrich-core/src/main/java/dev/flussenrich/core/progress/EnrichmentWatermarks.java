/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.PartitionIds;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Looks up the enrichment watermark {@code EWM_g(p, b)}: the next base offset that group {@code g}
 * expects in a bucket. It is derived from data alone: the first source offset the last {@value
 * CompanionProbe#TAIL_WINDOW} rows of the companion bucket leave unwritten (their highest + 1, so a
 * late duplicate from a zombie task or a racing job does not lower it; or the start of a hole a
 * failed append left, so the next writer writes it again), never below the base's log start, and
 * the base's log start when the companion bucket is empty.
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
        return progress(group, bucket).watermark();
    }

    /** Where a group stands in one bucket: how far its companion got, and the base's log start. */
    public BucketProgress progress(String group, EnrichedBucket bucket) {
        return progress(group, bucket, offsets.earliest(table.tablePath(), bucket));
    }

    /** {@link #progress(String, EnrichedBucket)} with the base's log start looked up. */
    public BucketProgress progress(String group, EnrichedBucket bucket, long baseLogStart) {
        TablePath companion = table.requireGroup(group).companionPath();
        Optional<Long> partitionId = companionPartitionId(group, bucket);
        if (bucket.partitionName() != null && partitionId.isEmpty()) {
            return new BucketProgress(baseLogStart, baseLogStart);
        }
        long highWatermark = offsets.highWatermark(companion, bucket);
        long earliest = offsets.earliest(companion, bucket);
        if (highWatermark <= earliest) {
            return new BucketProgress(baseLogStart, baseLogStart);
        }
        long unwritten =
                probe.firstUnwritten(
                        companion,
                        partitionId.orElse(null),
                        bucket.bucket(),
                        Math.max(earliest, highWatermark - CompanionProbe.TAIL_WINDOW),
                        highWatermark,
                        baseLogStart);
        return new BucketProgress(unwritten, baseLogStart);
    }

    /** The read frontier of a set of groups: min(base high watermark, each group's EWM). */
    public long frontier(Iterable<String> groups, EnrichedBucket bucket) {
        return frontier(groups, bucket, offsets.highWatermark(table.tablePath(), bucket));
    }

    /** {@link #frontier(Iterable, EnrichedBucket)} with the base high watermark looked up. */
    public long frontier(Iterable<String> groups, EnrichedBucket bucket, long baseHighWatermark) {
        long frontier = baseHighWatermark;
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
