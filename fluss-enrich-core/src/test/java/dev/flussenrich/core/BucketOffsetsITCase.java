/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.client.admin.ListOffsetsResult;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static org.assertj.core.api.Assertions.assertThat;

/** Offsets of the buckets of many partitions: one request per partition, all sent together. */
@ExtendWith(SharedFlussCluster.class)
class BucketOffsetsITCase {

    private static final List<String> PARTITIONS =
            List.of("2026-01-01", "2026-01-02", "2026-01-03");

    @Test
    void thePartitionsAreAllAskedBeforeAnyAnswerIsAwaited() throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = SharedFlussCluster.newTablePath("offsets_partitions");
        new EnrichedTables(connection.getAdmin())
                .create(path, TestTables.partitionedByDay(2), false);
        PartitionCreator partitions =
                new PartitionCreator(
                        connection.getAdmin(), await(connection.getAdmin().getTableInfo(path)));
        PARTITIONS.forEach(partitions::ensure);
        // partition i holds 2 * (i + 1) base rows (id, dt)
        try (Table table = connection.getTable(path)) {
            AppendWriter writer = table.newAppend().createWriter();
            for (int p = 0; p < PARTITIONS.size(); p++) {
                for (int id = 0; id < 2 * (p + 1); id++) {
                    writer.append(GenericRow.of(id, BinaryString.fromString(PARTITIONS.get(p))));
                }
            }
            writer.flush();
        }
        List<EnrichedBucket> buckets = new ArrayList<>();
        for (String partition : PARTITIONS) {
            buckets.add(EnrichedBucket.of(partition, 0));
            buckets.add(EnrichedBucket.of(partition, 1));
        }
        AtomicInteger requests = new AtomicInteger();

        Map<EnrichedBucket, Long> highWatermarks =
                new BucketOffsets(answeringOnceAllAreAsked(connection.getAdmin(), requests))
                        .highWatermarks(path, buckets);

        // Answered one after another, the first request would wait for the others (5 s), and
        // be sent again, twice, before the other two: 5 requests.
        assertThat(requests.get()).isEqualTo(PARTITIONS.size());
        for (int p = 0; p < PARTITIONS.size(); p++) {
            String partition = PARTITIONS.get(p);
            assertThat(
                            highWatermarks.get(EnrichedBucket.of(partition, 0))
                                    + highWatermarks.get(EnrichedBucket.of(partition, 1)))
                    .as("rows of partition %s", partition)
                    .isEqualTo(2L * (p + 1));
        }
        assertThat(highWatermarks).hasSize(buckets.size());
    }

    /**
     * An admin whose list-offsets answers are held back until as many requests were sent as there
     * are partitions: only a caller that sends them all before awaiting any gets its answers.
     */
    private static Admin answeringOnceAllAreAsked(Admin admin, AtomicInteger requests) {
        List<Runnable> heldBack = new ArrayList<>();
        return (Admin)
                Proxy.newProxyInstance(
                        Admin.class.getClassLoader(),
                        new Class<?>[] {Admin.class},
                        (proxy, method, args) -> {
                            Object result;
                            try {
                                result = method.invoke(admin, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                            if (!method.getName().equals("listOffsets")) {
                                return result;
                            }
                            return heldBack((ListOffsetsResult) result, heldBack, requests);
                        });
    }

    private static ListOffsetsResult heldBack(
            ListOffsetsResult real, List<Runnable> heldBack, AtomicInteger requests) {
        Map<Integer, CompletableFuture<Long>> answers = new HashMap<>();
        List<Integer> bucketIds = List.of(0, 1);
        for (int bucket : bucketIds) {
            CompletableFuture<Long> answer = new CompletableFuture<>();
            answers.put(bucket, answer);
            CompletableFuture<Long> realAnswer = real.bucketResult(bucket);
            synchronized (heldBack) {
                heldBack.add(
                        () ->
                                realAnswer.whenComplete(
                                        (offset, error) -> {
                                            if (error != null) {
                                                answer.completeExceptionally(error);
                                            } else {
                                                answer.complete(offset);
                                            }
                                        }));
            }
        }
        if (requests.incrementAndGet() >= PARTITIONS.size()) {
            synchronized (heldBack) {
                heldBack.forEach(Runnable::run);
                heldBack.clear();
            }
        }
        return new ListOffsetsResult(answers);
    }
}
