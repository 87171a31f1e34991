/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTableLayout;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.scanner.log.ScanRecords;
import org.apache.fluss.metadata.TableBucket;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When each base row's enrichment was committed: reads every companion of an unpartitioned table
 * from its end, and keeps per base (bucket, offset) the latest companion commit time over the
 * groups, the moment the row became complete. For the latency of each hop of the visibility path.
 */
final class CompanionCommits implements AutoCloseable {

    private final List<Table> companions = new ArrayList<>();
    private final List<LogScanner> scanners = new ArrayList<>();
    private final Map<Long, Long> completedAt = new HashMap<>();

    CompanionCommits(Connection connection, EnrichedTable table, int buckets) {
        BucketOffsets offsets = new BucketOffsets(connection);
        for (EnrichedTable.Group group : table.groups()) {
            Table companion = connection.getTable(group.companionPath());
            LogScanner scanner =
                    companion
                            .newScan()
                            .project(List.of(EnrichedTableLayout.SOURCE_OFFSET_COLUMN))
                            .createLogScanner();
            for (int bucket = 0; bucket < buckets; bucket++) {
                scanner.subscribe(
                        bucket,
                        offsets.highWatermark(group.companionPath(), EnrichedBucket.of(bucket)));
            }
            companions.add(companion);
            scanners.add(scanner);
        }
    }

    /** Reads what the companions committed since the last call, waiting at most {@code wait}. */
    void poll(Duration wait) {
        for (LogScanner scanner : scanners) {
            ScanRecords polled = scanner.poll(wait);
            for (TableBucket bucket : polled.buckets()) {
                for (ScanRecord record : polled.records(bucket)) {
                    completedAt.merge(
                            key(bucket.getBucket(), record.getRow().getLong(0)),
                            record.timestamp(),
                            Math::max);
                }
            }
        }
    }

    /** The commit time of the row's last enrichment, or null if not read (yet). */
    Long completedAt(int bucket, long baseOffset) {
        return completedAt.get(key(bucket, baseOffset));
    }

    private static long key(int bucket, long offset) {
        return ((long) bucket << 48) | offset;
    }

    @Override
    public void close() throws Exception {
        for (LogScanner scanner : scanners) {
            scanner.close();
        }
        for (Table companion : companions) {
            companion.close();
        }
    }
}
