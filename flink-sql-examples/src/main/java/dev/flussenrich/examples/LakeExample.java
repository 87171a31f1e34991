/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples;

import dev.flussenrich.embedded.EmbeddedFlussCluster;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The lake on an embedded Fluss cluster and a local Flink, in SQL alone (docs/lake.md): a table
 * with group {@code geo} and a lake declared in its DDL, 6 base rows, enriched; {@code CALL
 * tier_to_lake} puts the 6 complete rows in a Paimon table, read back with Paimon's own reader and
 * as {@code device_logs$lake}; then 2 more rows are written and enriched, and a plain {@code
 * SELECT} (the union read) returns all 8 (6 from the lake, 2 from the Fluss log).
 */
public final class LakeExample {

    private static final int ROWS = 8;
    private static final String CITY =
            "CASE device_id % 4 WHEN 0 THEN 'Lisbon' WHEN 1 THEN 'Osaka' WHEN 2 THEN 'Quito'"
                    + " ELSE 'Tallinn' END";

    private LakeExample() {}

    public static void main(String[] args) {
        ExampleMain.run(() -> run(System.out));
    }

    /** Runs the example, printing to {@code out}. */
    static void run(PrintStream out) throws Exception {
        Path warehouse = Files.createTempDirectory("fluss-enrich-lake");
        try (EmbeddedFlussCluster cluster = EmbeddedFlussCluster.start(1)) {
            TableEnvironment batch = sql(cluster, RuntimeExecutionMode.BATCH);
            run(batch, "CREATE DATABASE IF NOT EXISTS demo");
            run(
                    batch,
                    "CREATE TABLE demo.device_logs (device_id INT, ip STRING, city STRING) WITH ("
                            + " 'bucket.num' = '2', 'bucket.key' = 'device_id',"
                            + " 'column-groups.geo' = 'city',"
                            + " 'lake.warehouse' = '"
                            + warehouse.toUri()
                            + "')");
            writeAndEnrich(batch, 0, 6);
            out.println("Wrote 6 base rows to demo.device_logs and enriched them (group 'geo')");

            TableEnvironment streaming = sql(cluster, RuntimeExecutionMode.STREAMING);
            // The CALL returns when its bounded job ends, as an INSERT does with this option.
            streaming.getConfig().set("table.dml-sync", "true");
            out.println(
                    "CALL enrich.sys.tier_to_lake('demo.device_logs', true): job "
                            + first(
                                    streaming,
                                    "CALL enrich.sys.tier_to_lake('demo.device_logs', true)"));
            awaitLakeRows(batch, 6);

            FileStoreTable lake = paimonTable(warehouse);
            out.println();
            out.println("Paimon table demo.device_logs, read with Paimon's own reader:");
            printPaimonRows(lake, out);
            out.println(
                    "Snapshot properties: "
                            + new TreeMap<>(lake.latestSnapshot().orElseThrow().properties()));

            writeAndEnrich(batch, 6, ROWS);
            out.println();
            out.println(
                    "Wrote and enriched 2 more rows. SELECT ... FROM demo.device_logs (the union"
                            + " read: the lake, then the Fluss log):");
            out.printf(
                    "%-10s %-14s %-8s %-7s %-7s%n", "device_id", "ip", "city", "bucket", "offset");
            try (CloseableIterator<Row> rows =
                    batch.executeSql(
                                    "SELECT device_id, ip, city, _bucket, _offset FROM"
                                            + " demo.device_logs")
                            .collect()) {
                while (rows.hasNext()) {
                    Row row = rows.next();
                    out.printf(
                            "%-10d %-14s %-8s %-7d %-7d%n",
                            row.getField(0),
                            row.getField(1),
                            row.getField(2),
                            row.getField(3),
                            row.getField(4));
                }
            }
        }
    }

    /** A local Flink with the fluss-enrich catalog, checkpointing every 500 ms. */
    private static TableEnvironment sql(EmbeddedFlussCluster cluster, RuntimeExecutionMode mode) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, mode);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2, conf);
        env.enableCheckpointing(Duration.ofMillis(500).toMillis());
        TableEnvironment tEnv = StreamTableEnvironment.create(env);
        run(
                tEnv,
                "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                        + cluster.bootstrapServers()
                        + "')");
        run(tEnv, "USE CATALOG enrich");
        return tEnv;
    }

    private static void run(TableEnvironment sql, String statement) {
        try {
            sql.executeSql(statement).await();
        } catch (Exception e) {
            throw new IllegalStateException("Failed: " + statement, e);
        }
    }

    private static Object first(TableEnvironment sql, String statement) throws Exception {
        try (CloseableIterator<Row> rows = sql.executeSql(statement).collect()) {
            return rows.next().getField(0);
        }
    }

    /**
     * Writes base rows {@code from..to-1}, then their group geo with an enrichment INSERT (rows of
     * a bucket are enriched in offset order, so the new rows, last in every bucket, follow).
     */
    private static void writeAndEnrich(TableEnvironment sql, int from, int to) {
        List<String> values = new ArrayList<>();
        for (int id = from; id < to; id++) {
            values.add("(" + id + ", '10.0.0." + id + "')");
        }
        run(
                sql,
                "INSERT INTO demo.device_logs (device_id, ip) VALUES " + String.join(", ", values));
        run(
                sql,
                "INSERT INTO demo.device_logs /*+ OPTIONS('enrichment.group' = 'geo') */"
                        + " (_bucket, _offset, city) SELECT _bucket, _offset, "
                        + CITY
                        + " FROM demo.device_logs /*+ OPTIONS('scan.startup.mode' = 'earliest') */"
                        + " WHERE device_id >= "
                        + from);
    }

    /** The tiering job commits at its checkpoints: waits until the lake holds {@code rows}. */
    private static void awaitLakeRows(TableEnvironment sql, long rows) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            Object count = first(sql, "SELECT COUNT(*) FROM demo.`device_logs$lake`");
            if (((Number) count).longValue() >= rows) {
                return;
            }
        }
        throw new IllegalStateException("The lake did not reach " + rows + " rows in 2 minutes.");
    }

    private static FileStoreTable paimonTable(Path warehouse) throws Exception {
        Options options = new Options();
        options.set("warehouse", warehouse.toUri().toString());
        try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options))) {
            return (FileStoreTable) catalog.getTable(Identifier.create("demo", "device_logs"));
        }
    }

    private static void printPaimonRows(FileStoreTable lake, PrintStream out) throws Exception {
        ReadBuilder read = lake.newReadBuilder();
        out.println(lake.rowType().getFieldNames());
        try (RecordReader<InternalRow> rows = read.newRead().createReader(read.newScan().plan())) {
            rows.forEachRemaining(
                    row ->
                            out.println(
                                    List.of(
                                            row.getInt(0),
                                            row.getString(1),
                                            row.getString(2),
                                            row.getInt(3),
                                            row.getLong(4),
                                            row.getTimestamp(5, 3))));
        }
    }
}
