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
 */
@Internal
public final class LakeOffsets {

    static final String PREFIX = "fluss-enrich.offset.";

    private LakeOffsets() {}

    public static Map<String, String> toProperties(Map<EnrichedBucket, Long> offsets) {
        Map<String, String> properties = new HashMap<>();
        offsets.forEach((bucket, offset) -> properties.put(key(bucket), Long.toString(offset)));
        return properties;
    }

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

    /** The offsets of the newest snapshot this tiering committed (empty when there is none). */
    public static Map<EnrichedBucket, Long> latest(FileStoreTable table) {
        Snapshot snapshot = latestTiered(table);
        return snapshot == null ? new HashMap<>() : fromProperties(snapshot.properties());
    }

    /** The newest snapshot that carries offsets, or null (other writers may commit too). */
    public static Snapshot latestTiered(FileStoreTable table) {
        Long id = table.snapshotManager().pickOrLatest(LakeOffsets::carriesOffsets);
        if (id == null) {
            return null;
        }
        Snapshot snapshot = table.snapshotManager().snapshot(id);
        return carriesOffsets(snapshot) ? snapshot : null;
    }

    private static boolean carriesOffsets(Snapshot snapshot) {
        return snapshot.properties() != null
                && snapshot.properties().keySet().stream().anyMatch(k -> k.startsWith(PREFIX));
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
