/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.PartitionIds;
import dev.flussenrich.core.internal.LogScanners;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.scanner.log.ScanRecords;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * How far each column group of a logical table has come, per partition and bucket: what an operator
 * asks when readers wait or a job lags. The base's offsets are asked once per partition; each
 * group's watermark is found in its companion (see {@link EnrichmentWatermarks}); for a bucket that
 * lags, the commit time of its oldest unenriched row is read from the base.
 */
@PublicEvolving
public final class EnrichmentStatus {

    /** How long reading one base row's commit time may take. */
    private static final Duration ROW_READ_TIMEOUT = Duration.ofSeconds(10);

    /**
     * One group in one bucket.
     *
     * @param partition the partition name, null for a table without partitions
     * @param groupWatermark the next base offset the group expects
     * @param lag base rows readers of the group cannot see yet (high watermark - group watermark)
     * @param oldestUnenrichedMillis commit time (epoch ms) of the base row at the group watermark,
     *     empty when nothing lags
     */
    public record BucketStatus(
            String group,
            String partition,
            int bucket,
            long baseLogStart,
            long baseHighWatermark,
            long groupWatermark,
            long lag,
            OptionalLong oldestUnenrichedMillis) {}

    private final Connection connection;
    private final EnrichedTable table;

    public EnrichmentStatus(Connection connection, EnrichedTable table) {
        this.connection = connection;
        this.table = table;
    }

    /** One entry per group, partition and bucket, in that order. */
    public List<BucketStatus> read() {
        PartitionIds basePartitions = new PartitionIds(connection.getAdmin(), table.tablePath());
        List<EnrichedBucket> buckets =
                basePartitions.allBuckets(table.isPartitioned(), table.numBuckets());
        // One request per partition for all buckets.
        BucketOffsets offsets = new BucketOffsets(connection);
        Map<EnrichedBucket, Long> logStarts = offsets.earliest(table.tablePath(), buckets);
        Map<EnrichedBucket, Long> highWatermarks =
                offsets.highWatermarks(table.tablePath(), buckets);
        EnrichmentWatermarks watermarks = new EnrichmentWatermarks(connection, table);
        List<BucketStatus> status = new ArrayList<>();
        try (Table base = connection.getTable(table.tablePath())) {
            for (String group : table.groupNames()) {
                // Every bucket's progress at once: one companion read, not one per bucket.
                Map<EnrichedBucket, BucketProgress> progress =
                        watermarks.progress(group, buckets, logStarts);
                for (EnrichedBucket bucket : buckets) {
                    long logStart = logStarts.get(bucket);
                    long highWatermark = highWatermarks.get(bucket);
                    long watermark = progress.get(bucket).watermark();
                    long lag = Math.max(0, highWatermark - watermark);
                    status.add(
                            new BucketStatus(
                                    group,
                                    bucket.partitionName(),
                                    bucket.bucket(),
                                    logStart,
                                    highWatermark,
                                    watermark,
                                    lag,
                                    lag == 0
                                            ? OptionalLong.empty()
                                            : commitTime(base, basePartitions, bucket, watermark)));
                }
            }
        } catch (Exception e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
        return status;
    }

    /** The commit time of the base row at {@code offset}, if it can be read in time. */
    private static OptionalLong commitTime(
            Table base, PartitionIds partitions, EnrichedBucket bucket, long offset) {
        try (LogScanner scanner = base.newScan().project(new int[] {0}).createLogScanner()) {
            Long partitionId = null;
            if (bucket.partitionName() != null) {
                partitionId = partitions.idOf(bucket.partitionName()).orElse(null);
                if (partitionId == null) {
                    return OptionalLong.empty();
                }
            }
            LogScanners.subscribe(scanner, partitionId, bucket.bucket(), offset);
            long deadline = System.nanoTime() + ROW_READ_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                ScanRecords records = scanner.poll(Duration.ofMillis(200));
                for (ScanRecord record : records) {
                    if (record.logOffset() >= offset) {
                        return OptionalLong.of(record.timestamp());
                    }
                }
            }
            return OptionalLong.empty();
        } catch (Exception e) {
            return OptionalLong.empty();
        }
    }
}
