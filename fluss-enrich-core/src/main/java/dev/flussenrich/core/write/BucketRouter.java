/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.EnrichedTableLayout;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.bucketing.BucketingFunction;
import org.apache.fluss.metadata.DataLakeFormat;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.encode.KeyEncoder;

import javax.annotation.Nullable;

import java.util.Arrays;
import java.util.List;

/**
 * Route values that make the Fluss client put a companion row in a chosen bucket.
 *
 * <p>Fluss has no "write to bucket b" call: a row goes to {@code hash(bucket key) % N}, with the
 * hash of the table's lake format. The companion's bucket key is {@link
 * EnrichedTableLayout#ROUTE_COLUMN}; for each bucket we search the smallest route value that the
 * companion's own key encoder and bucketing function send there.
 */
@Internal
public final class BucketRouter {

    private static final int MAX_CANDIDATES = 100_000_000;

    private final int[] routeByBucket;

    private BucketRouter(int[] routeByBucket) {
        this.routeByBucket = routeByBucket;
    }

    /** Computes the route value of every bucket of a companion table. */
    public static BucketRouter forCompanion(TableInfo companion) {
        if (!companion.getBucketKeys().equals(List.of(EnrichedTableLayout.ROUTE_COLUMN))) {
            throw new IllegalArgumentException(
                    "Table "
                            + companion.getTablePath()
                            + " is not a companion table: its bucket key is "
                            + companion.getBucketKeys());
        }
        @Nullable
        DataLakeFormat lakeFormat = companion.getTableConfig().getDataLakeFormat().orElse(null);
        KeyEncoder encoder =
                KeyEncoder.ofBucketKeyEncoder(
                        companion.getRowType(), companion.getBucketKeys(), lakeFormat);
        BucketingFunction bucketing = BucketingFunction.of(lakeFormat);
        int numBuckets = companion.getNumBuckets();
        int routeIndex = companion.getRowType().getFieldIndex(EnrichedTableLayout.ROUTE_COLUMN);

        int[] routes = new int[numBuckets];
        Arrays.fill(routes, -1);
        int found = 0;
        GenericRow row = new GenericRow(companion.getRowType().getFieldCount());
        for (int candidate = 0; found < numBuckets && candidate < MAX_CANDIDATES; candidate++) {
            row.setField(routeIndex, candidate);
            int bucket = bucketing.bucketing(encoder.encodeKey(row), numBuckets);
            if (routes[bucket] < 0) {
                routes[bucket] = candidate;
                found++;
            }
        }
        if (found < numBuckets) {
            throw new IllegalStateException(
                    "Found no route value for some buckets of " + companion.getTablePath());
        }
        return new BucketRouter(routes);
    }

    /** The route column value that lands a companion row in {@code bucket}. */
    public int routeFor(int bucket) {
        return routeByBucket[bucket];
    }

    public int numBuckets() {
        return routeByBucket.length;
    }
}
