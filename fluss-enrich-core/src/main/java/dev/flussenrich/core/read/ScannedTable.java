/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.PartitionIds;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.LogScanners;
import dev.flussenrich.core.internal.ReadPermission;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.scanner.log.ScanRecords;
import org.apache.fluss.exception.AuthorizationException;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TablePath;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * One Fluss table a {@link StitchedScanner} reads (the base, or a group's companion): its log
 * scanner, which buckets it is subscribed to, and the partition ids it subscribed them with.
 */
@Internal
final class ScannedTable implements AutoCloseable {

    private final TablePath path;
    private final Table table;
    private final LogScanner scanner;
    private final PartitionIds partitionIds;
    private final Map<Long, String> partitionNames = new HashMap<>();
    private final HeldRowSize rowSize = new HeldRowSize();
    private final Set<EnrichedBucket> subscribed = new HashSet<>();

    /** Opens a scanner of {@code columns} (physical names, table order) of the table. */
    ScannedTable(Connection connection, TablePath path, List<String> columns) {
        this.path = path;
        this.table = FlussCalls.retrying(() -> connection.getTable(path));
        List<String> all = table.getTableInfo().getRowType().getFieldNames();
        // Every column in table order: no projection, which the server would otherwise apply to
        // each batch for nothing.
        this.scanner =
                columns.equals(all)
                        ? table.newScan().createLogScanner()
                        : table.newScan().project(columns).createLogScanner();
        this.partitionIds = new PartitionIds(connection.getAdmin(), path);
    }

    TablePath path() {
        return path;
    }

    PartitionIds partitionIds() {
        return partitionIds;
    }

    /** The average heap of one row of this table held back (what the buffer bound counts). */
    HeldRowSize rowSize() {
        return rowSize;
    }

    /** The bucket's partition id in this table; empty if not partitioned, or not created (yet). */
    Optional<Long> partitionId(EnrichedBucket bucket) {
        if (bucket.partitionName() == null) {
            return Optional.empty();
        }
        Optional<Long> id = partitionIds.idOf(bucket.partitionName());
        id.ifPresent(value -> partitionNames.put(value, bucket.partitionName()));
        return id;
    }

    /** Whether the bucket's partition exists in this table (always, if not partitioned). */
    boolean hasPartitionOf(EnrichedBucket bucket) {
        return bucket.partitionName() == null || partitionId(bucket).isPresent();
    }

    /** Subscribes a bucket; false if its partition does not exist (not yet, or any more). */
    boolean subscribe(EnrichedBucket bucket, long offset) {
        Optional<Long> id = partitionId(bucket);
        if (bucket.partitionName() != null && id.isEmpty()) {
            return false;
        }
        LogScanners.subscribe(scanner, id.orElse(null), bucket.bucket(), offset);
        subscribed.add(bucket);
        return true;
    }

    /** Stops fetching a bucket, if subscribed. */
    void unsubscribe(EnrichedBucket bucket) {
        if (!subscribed.remove(bucket)) {
            return;
        }
        Long id = partitionIdOf(bucket);
        if (bucket.partitionName() == null || id != null) {
            LogScanners.unsubscribe(scanner, id, bucket.bucket());
        }
    }

    /** Reads a bucket again from {@code offset}. */
    void resubscribe(EnrichedBucket bucket, long offset) {
        unsubscribe(bucket);
        subscribe(bucket, offset);
    }

    boolean isSubscribed(EnrichedBucket bucket) {
        return subscribed.contains(bucket);
    }

    boolean hasSubscriptions() {
        return !subscribed.isEmpty();
    }

    /**
     * Fetches for up to {@code timeout} and hands each bucket's records, in log order, to {@code
     * into}; false if none came. A refused read names the table and what to do.
     */
    boolean poll(Duration timeout, BiConsumer<EnrichedBucket, List<ScanRecord>> into) {
        ScanRecords records;
        try {
            records = scanner.poll(timeout);
        } catch (AuthorizationException e) {
            throw ReadPermission.denied(path, e);
        }
        for (TableBucket tableBucket : records.buckets()) {
            into.accept(bucketOf(tableBucket), records.records(tableBucket));
        }
        return !records.isEmpty();
    }

    /** The bucket a fetched Fluss bucket is, by the partition name it was subscribed with. */
    private EnrichedBucket bucketOf(TableBucket tableBucket) {
        Long partitionId = tableBucket.getPartitionId();
        return EnrichedBucket.of(
                partitionId == null ? null : partitionNames.get(partitionId),
                tableBucket.getBucket());
    }

    /** The id this table subscribed the bucket's partition with (no lookup); null if none. */
    private Long partitionIdOf(EnrichedBucket bucket) {
        for (Map.Entry<Long, String> partition : partitionNames.entrySet()) {
            if (partition.getValue().equals(bucket.partitionName())) {
                return partition.getKey();
            }
        }
        return null;
    }

    @Override
    public void close() throws Exception {
        scanner.close();
        table.close();
    }
}
