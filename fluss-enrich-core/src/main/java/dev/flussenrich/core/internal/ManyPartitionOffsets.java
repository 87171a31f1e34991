/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.FlussConnection;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.client.admin.ListOffsetsResult;
import org.apache.fluss.client.admin.OffsetSpec;
import org.apache.fluss.client.metadata.MetadataUpdater;
import org.apache.fluss.exception.LeaderNotAvailableException;
import org.apache.fluss.metadata.PhysicalTablePath;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.rpc.gateway.TabletServerGateway;
import org.apache.fluss.rpc.messages.ListOffsetsRequest;
import org.apache.fluss.rpc.messages.PbListOffsetsRespForBucket;
import org.apache.fluss.rpc.protocol.ApiError;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import static org.apache.fluss.client.utils.ClientRpcMessageUtils.makeListOffsetsRequest;

/**
 * List-offsets requests for many partitions of one table (or for a table without partitions), after
 * one metadata update for all of them. Fluss 0.9.1's {@code Admin.listOffsets} takes one partition
 * and, before it sends, updates the table's metadata, reads the table info and updates the
 * partition's metadata, three synchronous round trips (two for a table without partitions): at 30
 * partitions and 4 lookups per subscription that was most of a reader's start-up (performance.md,
 * "Partitions"), and a writer of five groups makes 4 lookups per group before its first row. This
 * sends the same requests, built by Fluss's own {@code ClientRpcMessageUtils}, to the same leaders
 * through Fluss's own metadata and gateways, with one round trip before them (two for a table the
 * client does not know yet).
 */
@Internal
public final class ManyPartitionOffsets {

    private final Admin admin;

    /** Null where there is no Fluss client to send through (a test's stand-in connection). */
    @Nullable private final MetadataUpdater metadata;

    private ManyPartitionOffsets(Admin admin, @Nullable MetadataUpdater metadata) {
        this.admin = admin;
        this.metadata = metadata;
    }

    /** Sends after one metadata update when the connection is a Fluss client's. */
    public static ManyPartitionOffsets of(Connection connection) {
        return new ManyPartitionOffsets(
                connection.getAdmin(),
                connection instanceof FlussConnection fluss ? fluss.getMetadataUpdater() : null);
    }

    /** Sends through the admin alone, one partition after another. */
    public static ManyPartitionOffsets throughAdmin(Admin admin) {
        return new ManyPartitionOffsets(admin, null);
    }

    /**
     * Sends one request per partition (a null name: the table has no partitions), all before any
     * answer is awaited: after one metadata update where it can ({@link #send}), else, or if that
     * update fails (a partition gone, say), through the admin partition by partition, which tells a
     * missing partition apart. A partition whose request could not be sent maps to null; the caller
     * asks it again on its own, and so learns why.
     */
    public Map<String, ListOffsetsResult> sendAll(
            TablePath table,
            Map<String, ? extends Collection<Integer>> bucketsByPartition,
            OffsetSpec spec) {
        if (metadata != null) {
            try {
                return send(table, bucketsByPartition, spec);
            } catch (RuntimeException e) {
                // asked through the admin below
            }
        }
        Map<String, ListOffsetsResult> sent = new LinkedHashMap<>();
        bucketsByPartition.forEach(
                (name, buckets) -> {
                    try {
                        sent.put(name, sendOne(table, name, buckets, spec));
                    } catch (RuntimeException e) {
                        sent.put(name, null);
                    }
                });
        return sent;
    }

    /**
     * Sends one request for buckets of one partition (null: the table has no partitions) through
     * the admin, which tells a missing partition or table apart in what it throws.
     */
    public ListOffsetsResult sendOne(
            TablePath table,
            @Nullable String partitionName,
            Collection<Integer> buckets,
            OffsetSpec spec) {
        List<Integer> ids = List.copyOf(buckets);
        return partitionName == null
                ? admin.listOffsets(table, ids, spec)
                : admin.listOffsets(table, partitionName, ids, spec);
    }

    /**
     * Sends one request per partition and leader, after one metadata update; returns each
     * partition's answers as {@code Admin.listOffsets} would. Throws if the update fails (a
     * partition gone, no server reachable), or without a Fluss client.
     */
    public Map<String, ListOffsetsResult> send(
            TablePath table,
            Map<String, ? extends Collection<Integer>> bucketsByPartition,
            OffsetSpec spec) {
        if (metadata == null) {
            throw new IllegalStateException("No Fluss client to send through; use sendAll");
        }
        Set<PhysicalTablePath> partitions =
                bucketsByPartition.keySet().stream()
                        .filter(Objects::nonNull)
                        .map(name -> PhysicalTablePath.of(table, name))
                        .collect(Collectors.toSet());
        if (metadata.getCluster().getTableId(table).isEmpty()) {
            // The partitions' metadata names its table by id alone: a client that does not know
            // the table yet cannot take it in (Fluss 0.9.1: "table path not found for tableId").
            metadata.updateTableOrPartitionMetadata(table, null);
        }
        metadata.updateMetadata(Set.of(table), partitions.isEmpty() ? null : partitions, null);
        long tableId =
                metadata.getCluster()
                        .getTableId(table)
                        .orElseThrow(
                                () ->
                                        new LeaderNotAvailableException(
                                                "Table " + table + " is not in the metadata"));
        Map<String, ListOffsetsResult> results = new LinkedHashMap<>();
        bucketsByPartition.forEach(
                (name, buckets) -> {
                    Long partitionId =
                            name == null
                                    ? null
                                    : metadata.getPartitionIdOrElseThrow(
                                            PhysicalTablePath.of(table, name));
                    results.put(name, sendToLeaders(table, tableId, partitionId, buckets, spec));
                });
        return results;
    }

    private ListOffsetsResult sendToLeaders(
            TablePath table,
            long tableId,
            @Nullable Long partitionId,
            Collection<Integer> buckets,
            OffsetSpec spec) {
        Map<Integer, List<Integer>> bucketsByLeader = new HashMap<>();
        Map<Integer, CompletableFuture<Long>> answers = new HashMap<>();
        for (int bucket : buckets) {
            int leader = metadata.leaderFor(table, new TableBucket(tableId, partitionId, bucket));
            bucketsByLeader.computeIfAbsent(leader, l -> new ArrayList<>()).add(bucket);
            answers.put(bucket, new CompletableFuture<>());
        }
        bucketsByLeader.forEach(
                (leader, leaderBuckets) -> {
                    TabletServerGateway gateway = metadata.newTabletServerClientForNode(leader);
                    if (gateway == null) {
                        throw new LeaderNotAvailableException(
                                "Server " + leader + " is not found in metadata cache.");
                    }
                    ListOffsetsRequest request =
                            makeListOffsetsRequest(tableId, partitionId, leaderBuckets, spec);
                    gateway.listOffsets(request)
                            .whenComplete(
                                    (response, failure) -> {
                                        if (failure != null) {
                                            // Fluss's admin leaves these futures open
                                            // (apache/fluss#3027); failing them lets the caller
                                            // ask again at once.
                                            leaderBuckets.forEach(
                                                    b ->
                                                            answers.get(b)
                                                                    .completeExceptionally(
                                                                            failure));
                                            return;
                                        }
                                        for (PbListOffsetsRespForBucket answer :
                                                response.getBucketsRespsList()) {
                                            CompletableFuture<Long> future =
                                                    answers.get(answer.getBucketId());
                                            if (answer.hasErrorCode()) {
                                                future.completeExceptionally(
                                                        ApiError.fromErrorMessage(answer)
                                                                .exception());
                                            } else {
                                                future.complete(answer.getOffset());
                                            }
                                        }
                                    });
                });
        return new ListOffsetsResult(answers);
    }
}
