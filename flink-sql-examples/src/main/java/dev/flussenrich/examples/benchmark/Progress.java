/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

/** Completion checks of the benchmark's streaming jobs, from Fluss offsets. */
final class Progress {

    /** Whether a job has done all its work. */
    interface Check {
        boolean reached() throws Exception;
    }

    private final BucketOffsets offsets;

    Progress(Connection connection) {
        this.offsets = new BucketOffsets(connection.getAdmin());
    }

    /** A plain table holds {@code rows} rows (sum of high watermarks). */
    Check rowsIn(TablePath table, long rows) {
        return () -> {
            long total = 0;
            for (int b = 0; b < EnrichmentBenchmark.BUCKETS; b++) {
                total += offsets.highWatermark(table, EnrichedBucket.of(b));
            }
            return total >= rows;
        };
    }
}
