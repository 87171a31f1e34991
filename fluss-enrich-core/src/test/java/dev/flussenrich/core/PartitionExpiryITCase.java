/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.read.StitchedScanner;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static dev.flussenrich.testutils.TestTables.city;
import static dev.flussenrich.testutils.TestTables.readBounded;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault: a partition dropped (or expired by auto-partitioning) under a running reader, a restored
 * reader and a writer. Its buckets retire quietly; the other partitions read and write on.
 */
@ExtendWith(SharedFlussCluster.class)
class PartitionExpiryITCase {

    private static final String OLD = "2026-01-01";
    private static final String NEW = "2026-01-02";

    private Connection connection;
    private TablePath path;
    private EnrichedTable table;

    @BeforeEach
    void createTwoPartitionsWithEnrichedRows() throws Exception {
        connection = SharedFlussCluster.connection();
        path = SharedFlussCluster.newTablePath("expiry");
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(path, TestTables.partitionedByDay(2), false);
        PartitionCreator partitions =
                new PartitionCreator(
                        connection.getAdmin(), await(connection.getAdmin().getTableInfo(path)));
        partitions.ensure(OLD);
        partitions.ensure(NEW);
        table = tables.load(path);
        appendAndEnrich(0, 8);
    }

    /** Appends ids from..to-1 (the first half of 0..7 to the old partition) and enriches them. */
    private void appendAndEnrich(int from, int to) throws Exception {
        try (Table base = connection.getTable(path)) {
            AppendWriter writer = base.newAppend().createWriter();
            for (int id = from; id < to; id++) {
                writer.append(GenericRow.of(id, BinaryString.fromString(partitionOf(id))));
            }
            writer.flush();
        }
        try (EnrichmentWriter geo =
                new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL)) {
            for (StitchedRecord row :
                    readBounded(connection, table, StartPosition.earliest(), "id")) {
                int id = row.row().getInt(0);
                if (id >= from && id < to) {
                    geo.write(row.bucket(), row.offset(), city("c" + id));
                }
            }
            geo.flush();
        }
    }

    private static String partitionOf(int id) {
        return id < 4 ? OLD : NEW;
    }

    private void dropOldPartition() throws Exception {
        PartitionSpec spec = new PartitionSpec(Map.of("dt", OLD));
        await(connection.getAdmin().dropPartition(path, spec, false));
        TablePath companion = table.requireGroup("geo").companionPath();
        await(connection.getAdmin().dropPartition(companion, spec, false));
    }

    @Test
    void aRunningReaderRetiresTheDroppedPartitionAndReadsOn() throws Exception {
        List<Integer> ids = new ArrayList<>();
        try (StitchedScanner reader =
                new StitchedScanner(connection, table, List.of("id", "city"))) {
            reader.subscribeAll(StartPosition.earliest(), false);
            pollUntil(reader, ids, () -> ids.size() == 8);
            assertThat(ids).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7);

            dropOldPartition();
            appendAndEnrich(8, 10); // into the new partition
            pollUntil(
                    reader,
                    ids,
                    () ->
                            ids.size() == 10
                                    && reader.finishedBuckets()
                                            .containsAll(
                                                    List.of(
                                                            EnrichedBucket.of(OLD, 0),
                                                            EnrichedBucket.of(OLD, 1))));
            assertThat(reader.finishedBuckets())
                    .containsExactlyInAnyOrder(
                            EnrichedBucket.of(OLD, 0), EnrichedBucket.of(OLD, 1));
        }
        // lost = 0, duplicated = 0 (ids 8 and 9 once each), partial = 0 (every row has its city)
        assertThat(ids).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    }

    @Test
    void aReaderRestoredOnADroppedPartitionRetiresItsBucketsAtOnce() throws Exception {
        dropOldPartition();
        try (StitchedScanner restored =
                new StitchedScanner(connection, table, List.of("id", "city"))) {
            restored.subscribe(EnrichedBucket.of(OLD, 0), 1, Long.MAX_VALUE);
            restored.subscribe(EnrichedBucket.of(NEW, 0), 0, Long.MAX_VALUE);
            assertThat(restored.finishedBuckets()).containsExactly(EnrichedBucket.of(OLD, 0));
            assertThat(restored.poll(Duration.ofMillis(200))).isNotNull();
        }
    }

    @Test
    void aWriterForgetsTheDroppedPartitionsBuckets() throws Exception {
        Map<EnrichedBucket, Long> rowsPerBucket =
                readBounded(connection, table, StartPosition.earliest(), "id").stream()
                        .collect(
                                Collectors.groupingBy(
                                        StitchedRecord::bucket, Collectors.counting()));
        EnrichedBucket old = EnrichedBucket.of(OLD, 0);
        EnrichedBucket current = EnrichedBucket.of(NEW, 0);
        try (EnrichmentWriter geo =
                new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL)) {
            assertThat(geo.watermark(old)).isEqualTo(rowsPerBucket.getOrDefault(old, 0L));
            assertThat(geo.watermark(current)).isEqualTo(rowsPerBucket.getOrDefault(current, 0L));
            assertThat(geo.lagIfPresent(old)).hasValue(0);
            dropOldPartition();
            // Fluss deletes the replicas after the drop returns: a lookup may still answer once.
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (geo.lagIfPresent(old).isPresent() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(geo.lagIfPresent(old)).isEmpty(); // gone, not an error
            assertThat(geo.lagIfPresent(current)).hasValue(0);
        }
    }

    private static void pollUntil(StitchedScanner reader, List<Integer> ids, BooleanSupplier done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("deadline").isLessThan(deadline);
            for (StitchedRecord row : reader.poll(Duration.ofMillis(100))) {
                assertThat(row.row().getString(1).toString()).isEqualTo("c" + row.row().getInt(0));
                ids.add(row.row().getInt(0));
            }
        }
    }
}
