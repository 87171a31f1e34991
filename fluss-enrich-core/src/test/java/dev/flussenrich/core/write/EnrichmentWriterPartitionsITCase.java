/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.core.progress.EnrichmentWatermarks;
import dev.flussenrich.testutils.InterceptedConnection;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static dev.flussenrich.testutils.TestTables.city;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A writer of a table with many partitions looks its buckets up together, and sends the creation of
 * the companion partitions it will write all at once, before the first row: one request per
 * partition and lookup, not one per bucket, and no creation waiting for the one before.
 */
@ExtendWith(SharedFlussCluster.class)
class EnrichmentWriterPartitionsITCase {

    /** Partitions holding 2, 4 and 6 base rows, and one holding none. */
    private static final List<String> WITH_ROWS = List.of("2026-02-01", "2026-02-02", "2026-02-03");

    private static final String EMPTY = "2026-02-04";

    private Connection connection;
    private EnrichedTable table;
    private final List<EnrichedBucket> buckets = new ArrayList<>();
    private final Map<EnrichedBucket, Integer> rowsByBucket = new HashMap<>();

    private final AtomicInteger listOffsets = new AtomicInteger();
    private final AtomicInteger baseListOffsets = new AtomicInteger();
    private final AtomicInteger listPartitions = new AtomicInteger();
    private final AtomicInteger createPartition = new AtomicInteger();

    @BeforeEach
    void createTableWithFourPartitions() throws Exception {
        connection = SharedFlussCluster.connection();
        TablePath path = SharedFlussCluster.newTablePath("writer_partitions");
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(path, TestTables.partitionedByDay(2), false);
        table = tables.load(path);
        PartitionCreator partitions =
                new PartitionCreator(
                        connection.getAdmin(), await(connection.getAdmin().getTableInfo(path)));
        WITH_ROWS.forEach(partitions::ensure);
        partitions.ensure(EMPTY);
        try (Table base = connection.getTable(path)) {
            AppendWriter writer = base.newAppend().createWriter();
            for (int p = 0; p < WITH_ROWS.size(); p++) {
                for (int id = 0; id < 2 * (p + 1); id++) {
                    writer.append(GenericRow.of(id, BinaryString.fromString(WITH_ROWS.get(p))));
                }
            }
            writer.flush();
        }
        for (String partition :
                List.of(WITH_ROWS.get(0), WITH_ROWS.get(1), WITH_ROWS.get(2), EMPTY)) {
            for (int bucket = 0; bucket < 2; bucket++) {
                buckets.add(EnrichedBucket.of(partition, bucket));
            }
        }
        Map<EnrichedBucket, Long> highWatermarks =
                new BucketOffsets(connection.getAdmin()).highWatermarks(path, buckets);
        highWatermarks.forEach((bucket, rows) -> rowsByBucket.put(bucket, rows.intValue()));
    }

    @Test
    void theLagsOfManyPartitionsAskOncePerPartitionAndListTheCompanionPartitionsOnce()
            throws Exception {
        try (EnrichmentWriter writer =
                new EnrichmentWriter(countingConnection(0), table, "geo", GapPolicy.FAIL)) {
            Map<EnrichedBucket, Long> lags = writer.lags(buckets);

            assertThat(lags).hasSize(8);
            lags.forEach(
                    (bucket, lag) ->
                            assertThat(lag).as("lag of %s", bucket).isEqualTo(rowsOf(bucket)));
            assertThat(lags.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(12);
            // The base's high watermarks and log starts: one request per partition each (it was
            // one per partition and one per bucket, 12). The companion's partitions: listed once
            // (it was once per bucket, 8). None exists yet, so the companion is asked nothing more.
            assertThat(listOffsets.get()).isEqualTo(8);
            assertThat(listPartitions.get()).isEqualTo(1);
            assertThat(createPartition.get()).isZero();
        }
    }

    @Test
    void preparedBucketsAreWrittenWithoutMoreLookupsAndTheirPartitionsCreatedAhead()
            throws Exception {
        // Each creation is answered only once all three were asked: a writer that awaited each
        // before asking the next would time out. The preparation sends them, awaiting none.
        try (EnrichmentWriter writer =
                new EnrichmentWriter(
                        countingConnection(WITH_ROWS.size()), table, "geo", GapPolicy.FAIL)) {
            writer.prepare(buckets);

            // No companion partition for the partition without rows: nothing to write there.
            assertThat(createPartition.get()).isEqualTo(3);
            int asked = listOffsets.get();
            int baseAsked = baseListOffsets.get();
            int listed = listPartitions.get();
            for (EnrichedBucket bucket : buckets) {
                for (int offset = 0; offset < rowsOf(bucket); offset++) {
                    writer.write(bucket, offset, city(bucket.partitionName() + "/" + offset));
                }
            }
            writer.flush();

            // No bucket is looked up again (the base's high watermark was asked once per bucket);
            // the companion is asked only whether each new partition's leaders serve it, at its
            // first row (once, or again while they take the leadership up).
            assertThat(baseListOffsets.get() - baseAsked)
                    .as("list-offsets requests to the base during the writes")
                    .isZero();
            assertThat(listOffsets.get() - asked)
                    .as("list-offsets requests to the companion during the writes")
                    .isGreaterThanOrEqualTo(WITH_ROWS.size());
            assertThat(listPartitions.get() - listed)
                    .as("partition listings of the writes")
                    .isZero();
            assertThat(createPartition.get()).isEqualTo(3);
            assertThat(writer.stats()).isEqualTo(new EnrichmentWriter.Stats(12, 0, 0, 0));
            assertThat(writer.lags(buckets).values()).containsOnly(0L);
        }
        EnrichmentWatermarks watermarks = new EnrichmentWatermarks(connection, table);
        for (EnrichedBucket bucket : buckets) {
            assertThat(watermarks.watermark("geo", bucket))
                    .as("watermark of %s", bucket)
                    .isEqualTo(rowsOf(bucket));
        }
    }

    private long rowsOf(EnrichedBucket bucket) {
        return rowsByBucket.getOrDefault(bucket, 0);
    }

    /**
     * The shared connection, its admin counting list-offsets requests, partition listings and
     * partition creations; the first {@code heldCreations} creations are answered only once that
     * many were asked.
     */
    private Connection countingConnection(int heldCreations) {
        List<Runnable> heldBack = new ArrayList<>();
        return InterceptedConnection.of(
                connection,
                InterceptedConnection.NONE,
                (method, args, real) -> {
                    switch (method.getName()) {
                        case "listOffsets" -> {
                            listOffsets.incrementAndGet();
                            if (table.tablePath().equals(args[0])) {
                                baseListOffsets.incrementAndGet();
                            }
                        }
                        case "listPartitionInfos" -> listPartitions.incrementAndGet();
                        default -> {}
                    }
                    Object result = real.call();
                    if (!method.getName().equals("createPartition")) {
                        return result;
                    }
                    int asked = createPartition.incrementAndGet();
                    return asked > heldCreations
                            ? result
                            : heldBack(
                                    (CompletableFuture<?>) result,
                                    heldBack,
                                    asked == heldCreations);
                });
    }

    /** The answer to a creation, given once {@code release} comes with the last one held. */
    private static CompletableFuture<Object> heldBack(
            CompletableFuture<?> real, List<Runnable> heldBack, boolean release) {
        CompletableFuture<Object> answer = new CompletableFuture<>();
        synchronized (heldBack) {
            heldBack.add(
                    () ->
                            real.whenComplete(
                                    (value, error) -> {
                                        if (error != null) {
                                            answer.completeExceptionally(error);
                                        } else {
                                            answer.complete(value);
                                        }
                                    }));
            if (release) {
                heldBack.forEach(Runnable::run);
                heldBack.clear();
            }
        }
        return answer.orTimeout(10, TimeUnit.SECONDS);
    }
}
