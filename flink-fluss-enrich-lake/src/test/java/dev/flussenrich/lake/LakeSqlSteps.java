/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The SQL steps the lake tests share: write and enrich rows, tier, wait, expire a partition. */
final class LakeSqlSteps {

    private LakeSqlSteps() {}

    /**
     * Ids {@code from..to-1} of a table {@code (id INT, dt STRING, city STRING)} partitioned by
     * {@code dt}: ids 0..2 on day 'old', the rest on 'new'; their geo group ({@code city}) too.
     */
    static void writeDays(TableEnvironment sql, String table, int from, int to) throws Exception {
        List<String> values = new ArrayList<>();
        for (int id = from; id < to; id++) {
            values.add("(" + id + ", '" + (id < 3 ? "old" : "new") + "')");
        }
        FlinkSql.await(
                sql.executeSql(
                        "INSERT INTO " + table + " (id, dt) VALUES " + String.join(", ", values)));
        FlinkSql.await(
                sql.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo') */"
                                + " (_partition, _bucket, _offset, city) SELECT _partition,"
                                + " _bucket, _offset, 'city-' || CAST(id AS STRING) FROM "
                                + table
                                + " /*+ OPTIONS('scan.startup.mode' = 'earliest') */"
                                + " WHERE id >= "
                                + from));
    }

    /** The day's partition expires in Fluss: dropped from the base and every companion. */
    static void expireDay(String table, String day) throws Exception {
        TablePath path = TablePath.of(SharedFlussCluster.DATABASE, table);
        PartitionSpec partition = new PartitionSpec(Map.of("dt", day));
        Admin admin = SharedFlussCluster.connection().getAdmin();
        admin.dropPartition(path, partition, false).get();
        for (var group : new EnrichedTables(admin).load(path).groups()) {
            admin.dropPartition(group.companionPath(), partition, false).get();
        }
    }

    /** {@code CALL enrich.sys.tier_to_lake('enrich_test.<table>', true)}; returns at submit. */
    static void tier(String table) throws Exception {
        call(
                FlinkSql.streaming(),
                "CALL enrich.sys.tier_to_lake('enrich_test." + table + "', true)");
    }

    /** The one value a CALL returns. */
    static String call(TableEnvironment sql, String statement) throws Exception {
        TableResult result = sql.executeSql(statement);
        try (CloseableIterator<Row> rows = result.collect()) {
            return String.valueOf(rows.next().getField(0));
        }
    }

    /**
     * Runs a bounded query until it returns {@code size} rows (the lake commits per checkpoint).
     */
    static List<String> awaitRows(TableEnvironment sql, String query, int size) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        List<String> rows = FlinkSql.collect(sql, query);
        while (rows.size() < size && System.nanoTime() < deadline) {
            rows = FlinkSql.collect(sql, query);
        }
        return rows;
    }
}
