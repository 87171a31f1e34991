/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.PartitionIds;
import dev.flussenrich.core.internal.FlussCalls;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * Looks up the enrichment watermark {@code EWM_g(p, b)}: the next base offset that group {@code g}
 * expects in a bucket, derived from data alone: the first source offset at or above the base's log
 * start that no companion row was written for (so a late duplicate from a zombie task or a racing
 * job, however many and however late, never lowers it, and a hole a failed append left is written
 * again by the next writer), and the base's log start when the companion bucket is empty.
 *
 * <p>Reading a whole companion at each lookup would cost more the longer a table lives. So the
 * written offsets are checkpointed (see {@link ProgressCheckpoints}) whenever a lookup has read at
 * least {@link #checkpointRows()} companion rows, and each lookup reads on from the last
 * checkpoint. A checkpoint is exact for the rows before its position, so the watermark is the same
 * with or without one; without any, the rows before the companion's first row count as written.
 */
@PublicEvolving
public final class EnrichmentWatermarks {

    private final Connection connection;
    private final EnrichedTable table;
    private final BucketOffsets offsets;
    private final CompanionProbe probe;
    private final ProgressCheckpoints checkpoints;
    private final Map<String, PartitionIds> companionPartitions = new HashMap<>();
    private final Map<String, Long> companionTableIds = new HashMap<>();

    public EnrichmentWatermarks(Connection connection, EnrichedTable table) {
        this.connection = connection;
        this.table = table;
        this.offsets = new BucketOffsets(connection);
        this.probe = new CompanionProbe(connection);
        this.checkpoints = new ProgressCheckpoints(connection, table.tablePath());
    }

    /**
     * How many companion rows a lookup reads before it stores a checkpoint: the system property
     * {@code fluss-enrich.watermark.checkpoint-rows}, default 10,000.
     */
    public static long checkpointRows() {
        return Long.getLong("fluss-enrich.watermark.checkpoint-rows", 10_000L);
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
        return progress(group, List.of(bucket), Map.of(bucket, baseLogStart)).get(bucket);
    }

    /**
     * {@link #progress(String, EnrichedBucket)} of many buckets at once: one offsets request per
     * partition and one companion read for all of them, not one of each per bucket.
     *
     * @param baseLogStarts each bucket's base log start, looked up
     */
    public Map<EnrichedBucket, BucketProgress> progress(
            String group, List<EnrichedBucket> buckets, Map<EnrichedBucket, Long> baseLogStarts) {
        TablePath companion = table.requireGroup(group).companionPath();
        Map<String, Long> partitionIds = companionPartitionIds(group, buckets);
        Map<EnrichedBucket, BucketProgress> progress = new HashMap<>();
        List<EnrichedBucket> present = new ArrayList<>();
        for (EnrichedBucket bucket : buckets) {
            if (bucket.partitionName() != null
                    && !partitionIds.containsKey(bucket.partitionName())) {
                progress.put(bucket, BucketProgress.nothingEnriched(baseLogStarts.get(bucket)));
            } else {
                present.add(bucket);
            }
        }
        Map<EnrichedBucket, Long> highWatermarks =
                present.isEmpty() ? Map.of() : offsets.highWatermarks(companion, present);
        Map<EnrichedBucket, Long> earliest =
                present.isEmpty() ? Map.of() : offsets.earliest(companion, present);
        Map<EnrichedBucket, ProgressCheckpoints.Key> keys = new HashMap<>();
        for (EnrichedBucket bucket : present) {
            if (highWatermarks.get(bucket) <= earliest.get(bucket)) {
                progress.put(bucket, BucketProgress.nothingEnriched(baseLogStarts.get(bucket)));
            } else {
                keys.put(
                        bucket,
                        new ProgressCheckpoints.Key(
                                companionTableId(group),
                                partitionIdOf(partitionIds, bucket),
                                bucket.bucket()));
            }
        }
        Map<ProgressCheckpoints.Key, ProgressCheckpoints.Checkpoint> stored =
                checkpoints.findAll(keys.values());
        Map<EnrichedBucket, WrittenOffsetsReader> readers = new HashMap<>();
        Map<EnrichedBucket, CompanionProbe.LogRange> unread = new HashMap<>();
        keys.forEach(
                (bucket, key) -> {
                    long from = earliest.get(bucket);
                    long highWatermark = highWatermarks.get(bucket);
                    Optional<ProgressCheckpoints.Checkpoint> checkpoint =
                            Optional.ofNullable(stored.get(key))
                                    .filter(found -> found.position() >= from);
                    readers.put(
                            bucket,
                            new WrittenOffsetsReader(
                                    checkpoint
                                            .map(ProgressCheckpoints.Checkpoint::written)
                                            .orElse(null)));
                    long readFrom =
                            checkpoint.map(ProgressCheckpoints.Checkpoint::position).orElse(from);
                    if (readFrom < highWatermark) {
                        unread.put(bucket, new CompanionProbe.LogRange(readFrom, highWatermark));
                    }
                });
        probe.readSourceOffsets(
                companion,
                unread,
                bucket -> partitionIdOf(partitionIds, bucket),
                (bucket, source) -> readers.get(bucket).accept(source));
        Map<ProgressCheckpoints.Key, ProgressCheckpoints.Checkpoint> toStore = new HashMap<>();
        readers.forEach(
                (bucket, read) -> {
                    WrittenOffsets written = read.written();
                    if (read.rowsRead() >= checkpointRows()) {
                        toStore.put(
                                keys.get(bucket),
                                new ProgressCheckpoints.Checkpoint(
                                        highWatermarks.get(bucket), written));
                    }
                    long baseLogStart = baseLogStarts.get(bucket);
                    progress.put(
                            bucket,
                            new BucketProgress(written.enrichedUpTo(baseLogStart), baseLogStart));
                });
        checkpoints.storeAll(toStore);
        return progress;
    }

    /**
     * Collects the source offsets of companion rows into the written offsets of a checkpoint, or,
     * without one, into offsets that count everything below the first row read as written.
     */
    private static final class WrittenOffsetsReader implements LongConsumer {
        private WrittenOffsets written;
        private long rowsRead;

        WrittenOffsetsReader(WrittenOffsets checkpointed) {
            this.written = checkpointed;
        }

        @Override
        public void accept(long sourceOffset) {
            if (written == null) {
                written = new WrittenOffsets(sourceOffset);
            }
            written.add(sourceOffset);
            rowsRead++;
        }

        WrittenOffsets written() {
            return written;
        }

        long rowsRead() {
            return rowsRead;
        }
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

    /**
     * {@link #frontier(Iterable, EnrichedBucket)} of many buckets at once: one base high watermark
     * request per partition, and the groups' watermarks as {@link #progress(String, List, Map)}
     * looks them up.
     */
    public Map<EnrichedBucket, Long> frontiers(
            Iterable<String> groups, List<EnrichedBucket> buckets) {
        if (buckets.isEmpty()) {
            return Map.of();
        }
        Map<EnrichedBucket, Long> frontiers =
                new HashMap<>(offsets.highWatermarks(table.tablePath(), buckets));
        if (!groups.iterator().hasNext()) {
            return frontiers;
        }
        Map<EnrichedBucket, Long> baseLogStarts = offsets.earliest(table.tablePath(), buckets);
        for (String group : groups) {
            progress(group, buckets, baseLogStarts)
                    .forEach(
                            (bucket, progress) ->
                                    frontiers.merge(bucket, progress.watermark(), Math::min));
        }
        return frontiers;
    }

    private long companionTableId(String group) {
        return companionTableIds.computeIfAbsent(
                group,
                g ->
                        FlussCalls.awaitRetrying(
                                        () ->
                                                connection
                                                        .getAdmin()
                                                        .getTableInfo(
                                                                table.requireGroup(g)
                                                                        .companionPath()))
                                .getTableId());
    }

    /** The ids of the companion partitions of the buckets' partitions that exist, by name. */
    private Map<String, Long> companionPartitionIds(String group, List<EnrichedBucket> buckets) {
        Set<String> names = new HashSet<>();
        for (EnrichedBucket bucket : buckets) {
            if (bucket.partitionName() != null) {
                names.add(bucket.partitionName());
            }
        }
        if (names.isEmpty()) {
            return Map.of();
        }
        return companionPartitions
                .computeIfAbsent(
                        group,
                        g ->
                                new PartitionIds(
                                        connection.getAdmin(),
                                        table.requireGroup(g).companionPath()))
                .idsOf(names);
    }

    /** The companion partition id of the bucket's partition; null for a table without any. */
    private static Long partitionIdOf(Map<String, Long> partitionIds, EnrichedBucket bucket) {
        return bucket.partitionName() == null ? null : partitionIds.get(bucket.partitionName());
    }
}
