/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.TableCreation;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.scanner.log.ScanRecords;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.LogFormat;
import org.apache.fluss.metadata.PartitionInfo;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.InternalRow;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The appender's two ways to Fluss: its own sender for ARROW tables on a Fluss connection, Fluss's
 * public writer for the other log formats; both take each row's values at the append, however the
 * caller reuses the row.
 *
 * <p>And a partition dropped while rows for it wait to be sent (the chaos soak: a partition dropped
 * while an enrichment job still wrote its rows). Fluss 0.9.1's writer then sends no row of any
 * partition and its flush never returns, so the job's checkpoints and savepoints hung; the flush
 * now fails, naming the partition, and the job restarts from its last checkpoint.
 */
@ExtendWith(SharedFlussCluster.class)
class TableAppenderITCase {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // before the fix: the flush never returned
    void aFlushFailsWhenAPartitionWithUnsentRowsWasDropped() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("appender_dropped");
        Connection admin = SharedFlussCluster.connection();
        new TableCreation(admin.getAdmin()).create(path, TestTables.partitionedByDay(1));
        // Rows wait in the writer until a flush: the drop comes before they are sent.
        Configuration lingering = SharedFlussCluster.cluster().clientConfig();
        lingering.set(ConfigOptions.CLIENT_WRITER_BATCH_TIMEOUT, Duration.ofMinutes(5));
        Connection connection = ConnectionFactory.createConnection(lingering);
        try (TableAppender appender =
                new TableAppender(
                        connection,
                        path,
                        "Writing to 'appender_dropped'",
                        Duration.ofMillis(500))) {
            appender.ensurePartition("2026-03-01");
            appender.ensurePartition("2026-03-02");
            appender.append(row(1, "2026-03-01"), "2026-03-01");
            appender.append(row(2, "2026-03-02"), "2026-03-02");

            await(
                    admin.getAdmin()
                            .dropPartition(
                                    path, new PartitionSpec(Map.of("dt", "2026-03-02")), false));

            assertThatThrownBy(appender::flush)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage(
                            "Writing to 'appender_dropped' cannot finish: partition '2026-03-02'"
                                    + " was dropped while rows for it were waiting to be sent,"
                                    + " and Fluss's writer then sends no row of any partition."
                                    + " The job restarts from its last checkpoint and writes the"
                                    + " rows again; those of the dropped partition are gone with"
                                    + " it.");
        } finally {
            // Fluss's close waits for ever for the rows it cannot send.
            FlussCalls.closeWithin(connection, Duration.ofSeconds(5), "the stuck connection");
        }
    }

    @ParameterizedTest
    @EnumSource(LogFormat.class)
    void aReusedRowArrivesWithTheValuesOfEachAppendInItsPartition(LogFormat format)
            throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("appender_" + format.name().toLowerCase());
        Connection connection = SharedFlussCluster.connection();
        new TableCreation(connection.getAdmin()).create(path, partitionedByDay(format));
        try (TableAppender appender = new TableAppender(connection, path, "Writing")) {
            GenericRow reused = new GenericRow(3);
            for (int id = 0; id < 6; id++) {
                String day = id % 2 == 0 ? "2026-03-01" : "2026-03-02";
                appender.ensurePartition(day);
                reused.setField(0, id);
                reused.setField(1, BinaryString.fromString(day));
                reused.setField(2, BinaryString.fromString("city" + id));
                appender.append(reused, day);
            }
            appender.flush();
        }

        assertThat(readPartitions(connection, path, 6))
                .isEqualTo(
                        Map.of(
                                "2026-03-01",
                                List.of("0 city0", "2 city2", "4 city4"),
                                "2026-03-02",
                                List.of("1 city1", "3 city3", "5 city5")));
    }

    @Test
    void aRowWhoseValuesAreOfAnotherPartitionIsRefusedBeforeItIsSent() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("appender_mismatch");
        Connection connection = SharedFlussCluster.connection();
        new TableCreation(connection.getAdmin()).create(path, partitionedByDay(LogFormat.ARROW));
        try (TableAppender appender = new TableAppender(connection, path, "Writing")) {
            appender.ensurePartition("2026-03-01");

            assertThatThrownBy(() -> appender.append(row(1, "2026-03-02"), "2026-03-01"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage(
                            "A row for partition '2026-03-01' of table '"
                                    + path
                                    + "' holds the values of partition '2026-03-02'. This is a"
                                    + " bug in fluss-enrich.");
            appender.append(row(2, "2026-03-01"), "2026-03-01");
            appender.flush();
        }
        // the refused row was not sent: the partition's first row is the next one
        assertThat(readPartitions(connection, path, 1))
                .isEqualTo(Map.of("2026-03-01", List.of("2 null")));
    }

    private static TableDescriptor partitionedByDay(LogFormat format) {
        return TableDescriptor.builder()
                .schema(TestTables.partitionedByDay(1).getSchema())
                .partitionedBy("dt")
                .distributedBy(1, "id")
                .logFormat(format)
                .build();
    }

    /**
     * {@code "id city"} of the table's rows by partition, in offset order, once there are {@code
     * expected}.
     */
    private static Map<String, List<String>> readPartitions(
            Connection connection, TablePath path, int expected) throws Exception {
        Map<String, List<String>> rows = new TreeMap<>();
        List<PartitionInfo> partitions = connection.getAdmin().listPartitionInfos(path).get();
        try (Table table = connection.getTable(path);
                LogScanner scanner = table.newScan().createLogScanner()) {
            Map<Long, String> names = new HashMap<>();
            for (PartitionInfo partition : partitions) {
                names.put(partition.getPartitionId(), partition.getPartitionName());
                scanner.subscribeFromBeginning(partition.getPartitionId(), 0);
            }
            int read = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (read < expected && System.nanoTime() < deadline) {
                ScanRecords records = scanner.poll(Duration.ofMillis(200));
                for (TableBucket bucket : records.buckets()) {
                    for (ScanRecord record : records.records(bucket)) {
                        InternalRow row = record.getRow();
                        rows.computeIfAbsent(
                                        names.get(bucket.getPartitionId()),
                                        name -> new ArrayList<>())
                                .add(row.getInt(0) + " " + row.getString(2));
                        read++;
                    }
                }
            }
        }
        return rows;
    }

    private static GenericRow row(int id, String day) {
        return GenericRow.of(id, BinaryString.fromString(day), null);
    }
}
