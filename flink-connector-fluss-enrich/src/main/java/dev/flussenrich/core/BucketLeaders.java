/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.client.admin.FlussAdmin;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.rpc.gateway.AdminReadOnlyGateway;
import org.apache.fluss.rpc.messages.MetadataRequest;
import org.apache.fluss.rpc.messages.MetadataResponse;
import org.apache.fluss.rpc.messages.PbBucketMetadata;
import org.apache.fluss.rpc.messages.PbPartitionMetadata;
import org.apache.fluss.rpc.messages.PbTableMetadata;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static dev.flussenrich.core.FlussCalls.await;

/**
 * Waits, right after a table or partition is created, until the coordinator reports a leader for
 * each of its buckets.
 *
 * <p>Why (Fluss 0.9.1): the coordinator can miss a table creation and never elect leaders (see
 * {@code EnrichedTables#createTable}, which creates such a table again); and a tablet server asked
 * for metadata during the election caches the leaderless answer it reads from ZooKeeper without a
 * version check, so a coordinator update landing meanwhile is lost and writes to the bucket retry
 * forever. The coordinator answers from its own state and caches nothing, so it is the one asked.
 */
public final class BucketLeaders {

    static final Duration WAIT = Duration.ofMinutes(1);
    private static final long POLL_MILLIS = 20;

    private final Admin admin;

    public BucketLeaders(Admin admin) {
        this.admin = admin;
    }

    /**
     * True once every bucket of the table has a leader, false if {@code wait} passes first; true at
     * once for a partitioned table, whose buckets belong to its partitions.
     */
    public boolean awaitTable(TableInfo table, Duration wait) {
        return table.isPartitioned() || awaitLeaders(table, null, wait);
    }

    /** Waits for the buckets of one partition; fails if they have no leader after {@link #WAIT}. */
    public void awaitPartition(TableInfo table, String partitionName) {
        if (!awaitLeaders(table, partitionName, WAIT)) {
            throw leaderless(table, partitionName);
        }
    }

    private boolean awaitLeaders(TableInfo table, String partitionName, Duration wait) {
        // Any other Admin is not a client of a real cluster: there is nothing to wait for.
        if (!(admin instanceof FlussAdmin flussAdmin)) {
            return true;
        }
        AdminReadOnlyGateway coordinator = flussAdmin.getAdminGateway();
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            List<PbBucketMetadata> buckets =
                    bucketsOf(await(coordinator.metadata(request(table, partitionName))));
            if (buckets.size() == table.getNumBuckets()
                    && buckets.stream().allMatch(PbBucketMetadata::hasLeaderId)) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            pause();
        }
    }

    private static IllegalStateException leaderless(TableInfo table, String partitionName) {
        return new IllegalStateException(
                String.format(
                        "Partition '%s' of table '%s' was created, but its buckets have no leader"
                                + " after %d s. Check that the Fluss tablet servers are running,"
                                + " then retry.",
                        partitionName, table.getTablePath(), WAIT.toSeconds()));
    }

    private static MetadataRequest request(TableInfo table, String partitionName) {
        TablePath path = table.getTablePath();
        MetadataRequest request = new MetadataRequest();
        if (partitionName == null) {
            request.addTablePath()
                    .setDatabaseName(path.getDatabaseName())
                    .setTableName(path.getTableName());
        } else {
            request.addPartitionsPath()
                    .setDatabaseName(path.getDatabaseName())
                    .setTableName(path.getTableName())
                    .setPartitionName(partitionName);
        }
        return request;
    }

    private static List<PbBucketMetadata> bucketsOf(MetadataResponse response) {
        return Stream.concat(
                        response.getTableMetadatasList().stream()
                                .map(PbTableMetadata::getBucketMetadatasList),
                        response.getPartitionMetadatasList().stream()
                                .map(PbPartitionMetadata::getBucketMetadatasList))
                .flatMap(List::stream)
                .toList();
    }

    private static void pause() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for bucket leaders", e);
        }
    }
}
