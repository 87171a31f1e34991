/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.progress.EnrichmentWatermarks;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import java.time.Duration;

/** Waits for and measures a group's progress on a non-partitioned table of the shared cluster. */
public final class EnrichmentProgress {

    private EnrichmentProgress() {}

    /** Waits (up to 2 minutes) until the group's watermark equals the base high watermark. */
    public static void awaitFullyEnriched(TablePath path, String group) throws Exception {
        Connection connection = SharedFlussCluster.connection();
        EnrichedTable table = new EnrichedTables(connection.getAdmin()).load(path);
        EnrichmentWatermarks watermarks = new EnrichmentWatermarks(connection, table);
        BucketOffsets offsets = new BucketOffsets(connection.getAdmin());
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            boolean done = true;
            for (int b = 0; b < table.numBuckets(); b++) {
                EnrichedBucket bucket = EnrichedBucket.of(b);
                done &= watermarks.watermark(group, bucket) == offsets.highWatermark(path, bucket);
            }
            if (done) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("Group " + group + " of " + path + " was not fully enriched");
    }

    /** Rows stored in a group's companion over all buckets: duplicates would show here. */
    public static long companionRows(TablePath path, String group) {
        EnrichedTable table = new EnrichedTables(SharedFlussCluster.admin()).load(path);
        BucketOffsets offsets = new BucketOffsets(SharedFlussCluster.admin());
        long rows = 0;
        for (int b = 0; b < table.numBuckets(); b++) {
            rows +=
                    offsets.highWatermark(
                            table.requireGroup(group).companionPath(), EnrichedBucket.of(b));
        }
        return rows;
    }
}
