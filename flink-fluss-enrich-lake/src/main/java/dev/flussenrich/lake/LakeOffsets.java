/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.flink.annotation.Internal;

import org.apache.paimon.Snapshot;
import org.apache.paimon.table.FileStoreTable;

import java.util.HashMap;
import java.util.Map;

/**
 * The base offsets a lake snapshot holds rows up to, per bucket, kept in the snapshot's properties
 * as Fluss's own tiering keeps its offsets: {@code fluss-enrich.offset.<bucket>} or {@code
 * fluss-enrich.offset.<partition>/<bucket>}, the value being the first base offset not in the lake.
 * Any engine reading the Paimon snapshot sees them.
 *
 * <p>The offsets belong to the Fluss ids recorded beside them ({@link BaseIds}): {@code
 * fluss-enrich.table-id} and {@code fluss-enrich.partition-id.<partition>}. Offsets of a table or
 * partition since dropped (or dropped and created again under the same name) do not apply to what
 * Fluss has now, and are left out of the next snapshot. Snapshots of the previous release carry no
 * ids: their offsets are taken as the current partitions' and the next commit records the ids.
 */
@Internal
public final class LakeOffsets {

    static final String PREFIX = "fluss-enrich.offset.";
    static final String PARTITION_ID_PREFIX = "fluss-enrich.partition-id.";
    static final String TABLE_ID = "fluss-enrich.table-id";

    private LakeOffsets() {}

    /**
     * The properties of a snapshot holding {@code offsets}: the offsets of the buckets that exist
     * in {@code base} now, the ids of their partitions, and the table id.
     */
    public static Map<String, String> toProperties(
            Map<EnrichedBucket, Long> offsets, BaseIds base) {
        Map<String, String> properties = new HashMap<>();
        properties.put(TABLE_ID, Long.toString(base.tableId()));
        offsets.forEach(
                (bucket, offset) -> {
                    String partition = bucket.partitionName();
                    if (partition == null) {
                        properties.put(key(bucket), Long.toString(offset));
                    } else if (base.partitionIds().containsKey(partition)) {
                        properties.put(key(bucket), Long.toString(offset));
                        properties.put(
                                PARTITION_ID_PREFIX + partition,
                                Long.toString(base.partitionIds().get(partition)));
                    }
                });
        return properties;
    }

    /**
     * The offsets of a snapshot's properties that apply to {@code base} as it is now: none if the
     * table was created again since; none of a partition that is gone or was created again.
     */
    public static Map<EnrichedBucket, Long> current(Map<String, String> properties, BaseIds base) {
        Map<EnrichedBucket, Long> offsets = new HashMap<>();
        String tableId = properties.get(TABLE_ID);
        if (tableId != null && Long.parseLong(tableId) != base.tableId()) {
            return offsets;
        }
        fromProperties(properties)
                .forEach(
                        (bucket, offset) -> {
                            if (belongsTo(bucket, properties, base)) {
                                offsets.put(bucket, offset);
                            }
                        });
        return offsets;
    }

    private static boolean belongsTo(
            EnrichedBucket bucket, Map<String, String> properties, BaseIds base) {
        String partition = bucket.partitionName();
        if (partition == null) {
            return true;
        }
        Long now = base.partitionIds().get(partition);
        String recorded = properties.get(PARTITION_ID_PREFIX + partition);
        return now != null && (recorded == null || Long.parseLong(recorded) == now);
    }

    /** Every offset in a snapshot's properties, by partition name, whatever ids they belong to. */
    public static Map<EnrichedBucket, Long> fromProperties(Map<String, String> properties) {
        Map<EnrichedBucket, Long> offsets = new HashMap<>();
        properties.forEach(
                (key, value) -> {
                    if (key.startsWith(PREFIX)) {
                        offsets.put(bucketOf(key.substring(PREFIX.length())), Long.valueOf(value));
                    }
                });
        return offsets;
    }

    /**
     * The offsets of the newest snapshot this tiering committed that apply to {@code base} now
     * (empty when there is none).
     */
    public static Map<EnrichedBucket, Long> latest(FileStoreTable table, BaseIds base) {
        Snapshot snapshot = latestTiered(table);
        return snapshot == null ? new HashMap<>() : current(snapshot.properties(), base);
    }

    /** The newest snapshot that carries offsets, or null (other writers may commit too). */
    public static Snapshot latestTiered(FileStoreTable table) {
        Long id = table.snapshotManager().pickOrLatest(LakeOffsets::isTiered);
        if (id == null) {
            return null;
        }
        Snapshot snapshot = table.snapshotManager().snapshot(id);
        return isTiered(snapshot) ? snapshot : null;
    }

    /** Committed by this tiering: it carries offsets, or the table id (all partitions gone). */
    private static boolean isTiered(Snapshot snapshot) {
        return isTiered(snapshot.properties());
    }

    /** Whether a snapshot's properties (or an Iceberg snapshot's summary) are this tiering's. */
    public static boolean isTiered(Map<String, String> properties) {
        return properties != null
                && (properties.containsKey(TABLE_ID)
                        || properties.keySet().stream().anyMatch(k -> k.startsWith(PREFIX)));
    }

    private static String key(EnrichedBucket bucket) {
        // Fluss partition names never contain '/' (letters, digits, '_', '-', '$').
        return PREFIX
                + (bucket.partitionName() == null ? "" : bucket.partitionName() + "/")
                + bucket.bucket();
    }

    private static EnrichedBucket bucketOf(String suffix) {
        int slash = suffix.lastIndexOf('/');
        return slash < 0
                ? EnrichedBucket.of(Integer.parseInt(suffix))
                : EnrichedBucket.of(
                        suffix.substring(0, slash), Integer.parseInt(suffix.substring(slash + 1)));
    }
}
