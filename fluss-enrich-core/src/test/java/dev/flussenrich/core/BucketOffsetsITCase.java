/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.ManyPartitionOffsets;
import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.client.admin.ListOffsetsResult;
import org.apache.fluss.client.admin.OffsetSpec;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.ResolvedPartitionSpec;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Offsets of the buckets of many partitions: one request per partition, all sent together, after
 * one metadata update for all of them; and of a table without partitions, after one metadata update
 * too.
 */
@ExtendWith(SharedFlussCluster.class)
class BucketOffsetsITCase {

    private static final List<String> PARTITIONS =
            List.of("2026-01-01", "2026-01-02", "2026-01-03");

    @Test
    void thePartitionsAreAllAskedBeforeAnyAnswerIsAwaited() throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = threePartitionsOf2And4And6Rows(connection);
        List<EnrichedBucket> buckets = bucketsOfThePartitions();
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

    @Test
    void aConnectionAsksEveryPartitionAfterOneMetadataUpdate() throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = threePartitionsOf2And4And6Rows(connection);
        // A new connection, as a new job's, knows nothing of the table yet.
        try (Connection fresh =
                ConnectionFactory.createConnection(SharedFlussCluster.cluster().clientConfig())) {
            assertAnswersOfEveryPartition(connection, path, ManyPartitionOffsets.of(fresh));
        }
        assertAnswersOfEveryPartition(connection, path, ManyPartitionOffsets.of(connection));
        Map<EnrichedBucket, Long> throughBucketOffsets =
                new BucketOffsets(connection).highWatermarks(path, bucketsOfThePartitions());
        assertThat(throughBucketOffsets.values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(12);
    }

    private static void assertAnswersOfEveryPartition(
            Connection connection, TablePath path, ManyPartitionOffsets direct) {
        Map<String, List<Integer>> bothBuckets = new LinkedHashMap<>();
        PARTITIONS.forEach(partition -> bothBuckets.put(partition, List.of(0, 1)));

        Map<String, ListOffsetsResult> latest =
                direct.send(path, bothBuckets, new OffsetSpec.LatestSpec());
        Map<String, ListOffsetsResult> earliest =
                direct.send(path, bothBuckets, new OffsetSpec.EarliestSpec());

        for (int p = 0; p < PARTITIONS.size(); p++) {
            String partition = PARTITIONS.get(p);
            Map<Integer, Long> highWatermarks = await(latest.get(partition).all());
            assertThat(highWatermarks.get(0) + highWatermarks.get(1))
                    .as("rows of partition %s", partition)
                    .isEqualTo(2L * (p + 1));
            // the same answers as the admin's, bucket by bucket
            assertThat(highWatermarks)
                    .isEqualTo(
                            await(
                                    connection
                                            .getAdmin()
                                            .listOffsets(
                                                    path,
                                                    partition,
                                                    List.of(0, 1),
                                                    new OffsetSpec.LatestSpec())
                                            .all()));
            assertThat(await(earliest.get(partition).all())).isEqualTo(Map.of(0, 0L, 1, 0L));
        }
    }

    @Test
    void aDroppedPartitionIsReportedGoneAsTheAdminReportsIt() throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = threePartitionsOf2And4And6Rows(connection);
        TableInfo info = await(connection.getAdmin().getTableInfo(path));
        await(
                connection
                        .getAdmin()
                        .dropPartition(
                                path,
                                ResolvedPartitionSpec.fromPartitionName(
                                                info.getPartitionKeys(), PARTITIONS.get(1))
                                        .toPartitionSpec(),
                                false));

        // The drop returns before the servers forget the partition: wait until the admin says so.
        List<EnrichedBucket> dropped =
                bucketsOfThePartitions().stream()
                        .filter(b -> b.partitionName().equals(PARTITIONS.get(1)))
                        .toList();
        BucketOffsets throughTheAdmin = new BucketOffsets(connection.getAdmin());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (FlussCalls.unlessPartitionGone(
                                PARTITIONS.get(1),
                                () -> throughTheAdmin.highWatermarks(path, dropped))
                        .isPresent()
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }

        // The metadata update fails for the whole request; each partition is then asked
        // through the admin, which names the one that is gone.
        assertThatThrownBy(
                        () ->
                                new BucketOffsets(connection)
                                        .highWatermarks(path, bucketsOfThePartitions()))
                .satisfies(e -> assertThat(FlussCalls.isPartitionGone(e)).isTrue());
        Map<EnrichedBucket, Long> others =
                new BucketOffsets(connection)
                        .highWatermarks(
                                path,
                                bucketsOfThePartitions().stream()
                                        .filter(b -> !b.partitionName().equals(PARTITIONS.get(1)))
                                        .toList());
        assertThat(others.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(8);
    }

    @Test
    void aTableWithoutPartitionsIsAskedAfterOneMetadataUpdateToo() throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = SharedFlussCluster.newTablePath("offsets_unpartitioned");
        TestTables.createDeviceLogs(connection, path, 2);
        TestTables.appendBase(connection, path, 0, 5);
        List<Integer> bothBuckets = List.of(0, 1);
        Map<Integer, Long> adminsAnswer =
                await(
                        connection
                                .getAdmin()
                                .listOffsets(path, bothBuckets, new OffsetSpec.LatestSpec())
                                .all());
        Map<String, List<Integer>> noPartition = new HashMap<>();
        noPartition.put(null, bothBuckets);

        // A new connection, as a new job's, knows nothing of the table yet.
        try (Connection fresh =
                ConnectionFactory.createConnection(SharedFlussCluster.cluster().clientConfig())) {
            ManyPartitionOffsets direct = ManyPartitionOffsets.of(fresh);
            assertThat(
                            await(
                                    direct.send(path, noPartition, new OffsetSpec.LatestSpec())
                                            .get(null)
                                            .all()))
                    .isEqualTo(adminsAnswer);
            assertThat(
                            await(
                                    direct.send(path, noPartition, new OffsetSpec.EarliestSpec())
                                            .get(null)
                                            .all()))
                    .isEqualTo(Map.of(0, 0L, 1, 0L));
        }
        Map<EnrichedBucket, Long> throughBucketOffsets =
                new BucketOffsets(connection)
                        .highWatermarks(path, List.of(EnrichedBucket.of(0), EnrichedBucket.of(1)));
        assertThat(throughBucketOffsets.values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(5);
    }

    @Test
    void aDroppedTableWithoutPartitionsIsReportedGoneAsTheAdminReportsIt() throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = SharedFlussCluster.newTablePath("offsets_dropped");
        TestTables.createDeviceLogs(connection, path, 1);
        List<EnrichedBucket> bucket0 = List.of(EnrichedBucket.of(0));
        assertThat(new BucketOffsets(connection).highWatermarks(path, bucket0))
                .isEqualTo(Map.of(EnrichedBucket.of(0), 0L));
        await(connection.getAdmin().dropTable(path, false));

        Throwable throughTheAdmin =
                catchThrowable(
                        () ->
                                new BucketOffsets(connection.getAdmin())
                                        .highWatermarks(path, bucket0));
        assertThatThrownBy(() -> new BucketOffsets(connection).highWatermarks(path, bucket0))
                .isInstanceOf(throughTheAdmin.getClass())
                .hasMessage(throughTheAdmin.getMessage())
                .hasStackTraceContaining(
                        "TableNotExistException: Table '" + path + "' does not exist.");
    }

    /** Partition i of {@link #PARTITIONS} holds 2 * (i + 1) base rows (id, dt). */
    private static TablePath threePartitionsOf2And4And6Rows(Connection connection)
            throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("offsets_partitions");
        new EnrichedTables(connection.getAdmin())
                .create(path, TestTables.partitionedByDay(2), false);
        PartitionCreator partitions =
                new PartitionCreator(
                        connection.getAdmin(), await(connection.getAdmin().getTableInfo(path)));
        PARTITIONS.forEach(partitions::ensure);
        try (Table table = connection.getTable(path)) {
            AppendWriter writer = table.newAppend().createWriter();
            for (int p = 0; p < PARTITIONS.size(); p++) {
                for (int id = 0; id < 2 * (p + 1); id++) {
                    writer.append(GenericRow.of(id, BinaryString.fromString(PARTITIONS.get(p))));
                }
            }
            writer.flush();
        }
        return path;
    }

    private static List<EnrichedBucket> bucketsOfThePartitions() {
        List<EnrichedBucket> buckets = new ArrayList<>();
        for (String partition : PARTITIONS) {
            buckets.add(EnrichedBucket.of(partition, 0));
            buckets.add(EnrichedBucket.of(partition, 1));
        }
        return buckets;
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
