/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.tiering;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.PartitionIds;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * The tiering lag: base rows not in the lake yet, summed over every bucket of the base (high
 * watermark minus the lake's offset; a bucket the lake has nothing of counts from its log start).
 * Measured after each commit, with one list-offsets request per partition.
 */
@Internal
public final class TieringLag implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(TieringLag.class);

    private final FlussConnectionConfig connectionConfig;
    private final TablePath base;
    private final boolean partitioned;
    private final int numBuckets;
    private transient Connection connection;
    private transient volatile long rows;

    public TieringLag(
            FlussConnectionConfig connectionConfig,
            TablePath base,
            boolean partitioned,
            int numBuckets) {
        this.connectionConfig = connectionConfig;
        this.base = base;
        this.partitioned = partitioned;
        this.numBuckets = numBuckets;
    }

    public void open() {
        connection = connectionConfig.connect();
        rows = -1;
    }

    public long rows() {
        return rows;
    }

    public void update(Map<EnrichedBucket, Long> lakeOffsets) {
        try {
            List<EnrichedBucket> buckets =
                    new PartitionIds(connection.getAdmin(), base)
                            .allBuckets(partitioned, numBuckets);
            BucketOffsets offsets = new BucketOffsets(connection);
            Map<EnrichedBucket, Long> highWatermarks = offsets.highWatermarks(base, buckets);
            List<EnrichedBucket> untiered =
                    buckets.stream().filter(b -> !lakeOffsets.containsKey(b)).toList();
            Map<EnrichedBucket, Long> starts = offsets.earliest(base, untiered);
            long sum = 0;
            for (EnrichedBucket bucket : buckets) {
                long inLake = lakeOffsets.getOrDefault(bucket, starts.getOrDefault(bucket, 0L));
                sum += Math.max(0, highWatermarks.getOrDefault(bucket, inLake) - inLake);
            }
            rows = sum;
        } catch (RuntimeException e) {
            // A metric never fails the job; the next commit measures again.
            LOG.warn("Could not measure the tiering lag of {}: {}", base, e.toString());
        }
    }

    public void close() throws Exception {
        if (connection != null) {
            connection.close();
        }
    }
}
