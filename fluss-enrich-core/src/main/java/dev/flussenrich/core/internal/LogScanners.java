/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.table.scanner.log.LogScanner;

import javax.annotation.Nullable;

/**
 * Subscribes a Fluss log scanner to one bucket, of a partitioned table or not: Fluss's scanner has
 * a method for each (used across packages).
 */
@Internal
public final class LogScanners {

    private LogScanners() {}

    /**
     * Reads {@code bucket} from log offset {@code offset} on.
     *
     * @param partitionId the bucket's partition id in the scanned table, or null if not partitioned
     */
    public static void subscribe(
            LogScanner scanner, @Nullable Long partitionId, int bucket, long offset) {
        if (partitionId == null) {
            scanner.subscribe(bucket, offset);
        } else {
            scanner.subscribe(partitionId, bucket, offset);
        }
    }

    /** Stops reading {@code bucket}; {@code partitionId} as for {@link #subscribe}. */
    public static void unsubscribe(LogScanner scanner, @Nullable Long partitionId, int bucket) {
        if (partitionId == null) {
            scanner.unsubscribe(bucket);
        } else {
            scanner.unsubscribe(partitionId, bucket);
        }
    }
}
