/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.read.StitchedScanner;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.lake.FlussEnrichLake;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.types.DataTypes;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
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
import java.util.List;
import java.util.TreeMap;

/**
 * The lake on an embedded Fluss cluster and a local Flink (docs/lake.md): a table with group {@code
 * geo}, 8 base rows of which 6 are enriched; enriched tiering puts the 6 complete rows in a Paimon
 * table, read back with Paimon's own reader; then the last 2 rows are enriched and a union read
 * returns all 8 (6 from the lake, 2 from the Fluss log).
 */
public final class LakeExample {

    private static final TablePath TABLE = TablePath.of("demo", "device_logs");
    private static final String[] CITIES = {"Lisbon", "Osaka", "Quito", "Tallinn"};
    private static final int ROWS = 8;

    private LakeExample() {}

    public static void main(String[] args) {
        ExampleMain.run(() -> run(System.out));
    }

    /** Runs the example, printing to {@code out}. */
    static void run(PrintStream out) throws Exception {
        Path warehouse = Files.createTempDirectory("fluss-enrich-lake");
        try (EmbeddedFlussCluster cluster = EmbeddedFlussCluster.start(1);
                Connection connection =
                        ConnectionFactory.createConnection(cluster.clientConfig())) {
            connection.getAdmin().createDatabase("demo", DatabaseDescriptor.EMPTY, true).get();
            EnrichedTables tables = new EnrichedTables(connection.getAdmin());
            tables.create(TABLE, deviceLogs(), false);
            EnrichedTable table = tables.load(TABLE);
            CoreApiExample.writeBaseRows(connection);
            enrich(connection, table, 0, 6);
            out.println("Wrote " + ROWS + " base rows to " + TABLE + "; group 'geo' enriched 6");

            StreamExecutionEnvironment tiering = localFlink();
            FlussEnrichLake.tiering()
                    .setBootstrapServers(cluster.bootstrapServers())
                    .setTable("demo", "device_logs")
                    .setWarehouse(warehouse.toUri().toString())
                    .setBounded(true)
                    .addTo(tiering);
            tiering.execute("enriched tiering of demo.device_logs");

            FileStoreTable lake = paimonTable(warehouse);
            out.println();
            out.println("Paimon table demo.device_logs, read with Paimon's own reader:");
            printPaimonRows(lake, out);
            out.println(
                    "Snapshot properties: "
                            + new TreeMap<>(lake.latestSnapshot().orElseThrow().properties()));

            enrich(connection, table, 6, ROWS);
            out.println();
            out.println("Enriched the last 2 rows. Union read (lake, then the Fluss log):");
            out.printf(
                    "%-10s %-14s %-8s %-7s %-7s%n", "device_id", "ip", "city", "bucket", "offset");
            StreamExecutionEnvironment reading = localFlink();
            try (CloseableIterator<RowData> rows =
                    FlussEnrichLake.unionRead()
                            .setBootstrapServers(cluster.bootstrapServers())
                            .setTable("demo", "device_logs")
                            .setWarehouse(warehouse.toUri().toString())
                            .setBounded(true)
                            .addTo(reading)
                            .executeAndCollect()) {
                while (rows.hasNext()) {
                    RowData row = rows.next();
                    out.printf(
                            "%-10d %-14s %-8s %-7d %-7d%n",
                            row.getInt(0),
                            row.getString(1),
                            row.getString(2),
                            row.getInt(3),
                            row.getLong(4));
                }
            }
        }
    }

    private static StreamExecutionEnvironment localFlink() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.enableCheckpointing(Duration.ofMillis(500).toMillis());
        return env;
    }

    private static TableDescriptor deviceLogs() {
        return TableDescriptor.builder()
                .schema(
                        Schema.newBuilder()
                                .column("device_id", DataTypes.INT())
                                .column("ip", DataTypes.STRING())
                                .column("city", DataTypes.STRING())
                                .build())
                .distributedBy(2, "device_id")
                .customProperty("column-groups.geo", "city")
                .build();
    }

    /** Writes group geo for device ids {@code from..to-1}. */
    private static void enrich(Connection connection, EnrichedTable table, int from, int to)
            throws Exception {
        try (StitchedScanner base = new StitchedScanner(connection, table, List.of("device_id"));
                EnrichmentWriter writer =
                        new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL)) {
            base.subscribeAll(StartPosition.earliest(), true);
            while (!base.isFinished()) {
                for (StitchedRecord row : base.poll(Duration.ofMillis(200))) {
                    int id = row.row().getInt(0);
                    if (id >= from && id < to) {
                        writer.write(
                                row.bucket(),
                                row.offset(),
                                GenericRow.of(BinaryString.fromString(CITIES[id % 4])));
                    }
                }
            }
            writer.flush();
        }
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
