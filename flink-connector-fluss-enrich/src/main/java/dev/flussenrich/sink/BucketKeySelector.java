/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.table.data.RowData;

/** Keys enrichment rows by (partition, bucket), so that each bucket has a single writer. */
final class BucketKeySelector implements KeySelector<RowData, String> {

    private static final long serialVersionUID = 1L;

    private final int partitionPosition;
    private final int bucketPosition;

    BucketKeySelector(int partitionPosition, int bucketPosition) {
        this.partitionPosition = partitionPosition;
        this.bucketPosition = bucketPosition;
    }

    @Override
    public String getKey(RowData row) {
        String bucket =
                row.isNullAt(bucketPosition) ? "null" : String.valueOf(row.getInt(bucketPosition));
        if (partitionPosition < 0) {
            return bucket;
        }
        String partition =
                row.isNullAt(partitionPosition)
                        ? "null"
                        : row.getString(partitionPosition).toString();
        return partition + "$" + bucket;
    }
}
