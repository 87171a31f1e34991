/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.DataLakeFormat;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pins bucket-exact routing for every bucketing function Fluss uses (its own murmur hash, Paimon's
 * and Iceberg's): a companion row written with a bucket's route value is stored in that bucket.
 */
@ExtendWith(SharedFlussCluster.class)
class BucketRouterITCase {

    private static final int BUCKETS = 7;

    @ParameterizedTest
    @EnumSource(
            value = DataLakeFormat.class,
            names = {"PAIMON", "ICEBERG"})
    void routesLandInTheirBucketForLakeFormats(DataLakeFormat format) throws Exception {
        assertRoutesLand(format);
    }

    @Test
    void routesLandInTheirBucketForFlussBucketing() throws Exception {
        assertRoutesLand(null);
    }

    @Test
    void theBucketingFunctionChangesTheRoutes() {
        Connection connection = SharedFlussCluster.connection();
        Map<String, List<Integer>> routes = new HashMap<>();
        for (DataLakeFormat format :
                new DataLakeFormat[] {null, DataLakeFormat.PAIMON, DataLakeFormat.ICEBERG}) {
            EnrichedTable table = create(connection, format);
            BucketRouter router = BucketRouter.forCompanion(table.requireGroup("geo").companion());
            List<Integer> values = new ArrayList<>();
            for (int b = 0; b < BUCKETS; b++) {
                values.add(router.routeFor(b));
            }
            routes.put(String.valueOf(format), values);
        }
        assertThat(routes.values().stream().distinct().count()).isGreaterThan(1);
    }

    private static EnrichedTable create(Connection connection, DataLakeFormat format) {
        TablePath path = SharedFlussCluster.newTablePath("routing");
        TableDescriptor.Builder logical = TableDescriptor.builder(TestTables.deviceLogs(BUCKETS));
        if (format != null) {
            logical.property("table.datalake.format", format.toString());
        }
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(path, logical.build(), false);
        return tables.load(path);
    }

    private static void assertRoutesLand(DataLakeFormat format) throws Exception {
        Connection connection = SharedFlussCluster.connection();
        EnrichedTable table = create(connection, format);
        EnrichedTable.Group geo = table.requireGroup("geo");
        assertThat(geo.companion().getTableConfig().getDataLakeFormat().orElse(null))
                .isEqualTo(format);
        BucketRouter router = BucketRouter.forCompanion(geo.companion());
        try (Table companion = connection.getTable(geo.companionPath())) {
            AppendWriter writer = companion.newAppend().createWriter();
            for (int b = 0; b < BUCKETS; b++) {
                writer.append(
                        GenericRow.of(
                                router.routeFor(b), (long) b, BinaryString.fromString("b" + b)));
            }
            writer.flush();
            try (LogScanner scanner = companion.newScan().createLogScanner()) {
                for (int b = 0; b < BUCKETS; b++) {
                    scanner.subscribeFromBeginning(b);
                }
                Map<Integer, List<String>> byBucket = new HashMap<>();
                int seen = 0;
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (seen < BUCKETS && System.nanoTime() < deadline) {
                    var records = scanner.poll(Duration.ofMillis(100));
                    for (var tableBucket : records.buckets()) {
                        for (ScanRecord record : records.records(tableBucket)) {
                            byBucket.computeIfAbsent(
                                            tableBucket.getBucket(), k -> new ArrayList<>())
                                    .add(record.getRow().getString(2).toString());
                            seen++;
                        }
                    }
                }
                for (int b = 0; b < BUCKETS; b++) {
                    assertThat(byBucket.get(b)).as("bucket %d", b).containsExactly("b" + b);
                }
            }
        }
    }
}
