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

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.types.DataTypes;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The same pipeline as the demo script (sql/enrichment-demo.sql) through the Flink-free core API.
 * On an embedded Fluss cluster: creates {@code demo.device_logs} with a column group {@code geo},
 * writes base rows, enriches half of them, shows that readers of the group see only whole rows,
 * enriches the rest (replaying the first half, which is dropped), and prints the stitched table.
 */
public final class CoreApiExample {

    private static final TablePath TABLE = TablePath.of("demo", "device_logs");
    private static final String[] CITIES = {"Lisbon", "Osaka", "Quito", "Tallinn"};
    private static final String[] COUNTRIES = {"PT", "JP", "EC", "EE"};
    private static final int ROWS = 8;

    private CoreApiExample() {}

    public static void main(String[] args) {
        ExampleMain.run(() -> runDemo());
    }

    private static void runDemo() throws Exception {
        PrintStream out = System.out;
        try (EmbeddedFlussCluster cluster = EmbeddedFlussCluster.start(1);
                Connection connection =
                        ConnectionFactory.createConnection(cluster.clientConfig())) {
            out.println("Embedded Fluss cluster at " + cluster.bootstrapServers());
            connection.getAdmin().createDatabase("demo", DatabaseDescriptor.EMPTY, true).get();
            EnrichedTables tables = new EnrichedTables(connection.getAdmin());
            tables.create(TABLE, deviceLogs(), false);
            EnrichedTable table = tables.load(TABLE);
            out.println(
                    "Created "
                            + TABLE
                            + " with columns "
                            + table.logicalRowType().getFieldNames()
                            + ", groups "
                            + table.groupNames());

            writeBaseRows(connection);
            out.println("Wrote " + ROWS + " base rows (device_id, ip)");

            enrich(connection, table, ROWS / 2);
            List<StitchedRecord> partial = read(connection, table, "device_id", "city", "country");
            out.println(
                    "After enriching half: a reader of group 'geo' sees "
                            + partial.size()
                            + " whole rows, a base-only reader sees "
                            + read(connection, table, "device_id", "ip").size());

            EnrichmentWriter.Stats stats = enrich(connection, table, ROWS);
            out.println(
                    "Enriched the rest: "
                            + stats.rowsWritten()
                            + " rows written, "
                            + stats.duplicatesDropped()
                            + " replayed rows dropped");

            out.println();
            out.println("SELECT * FROM demo.device_logs (stitched):");
            out.printf(
                    "%-7s %-7s %-10s %-12s %-8s %-7s%n",
                    "bucket", "offset", "device_id", "ip", "city", "country");
            for (StitchedRecord r : read(connection, table, "device_id", "ip", "city", "country")) {
                out.printf(
                        "%-7d %-7d %-10d %-12s %-8s %-7s%n",
                        r.bucket().bucket(),
                        r.offset(),
                        r.row().getInt(0),
                        r.row().getString(1),
                        r.row().getString(2),
                        r.row().getString(3));
            }
        }
    }

    private static TableDescriptor deviceLogs() {
        return TableDescriptor.builder()
                .schema(
                        Schema.newBuilder()
                                .column("device_id", DataTypes.INT())
                                .column("ip", DataTypes.STRING())
                                .column("city", DataTypes.STRING())
                                .column("country", DataTypes.STRING())
                                .build())
                .distributedBy(2, "device_id")
                .customProperty("column-groups.geo", "city, country")
                .build();
    }

    /** Appends the demo's base rows (device_id, ip) to demo.device_logs; the lake demo too. */
    static void writeBaseRows(Connection connection) throws Exception {
        try (Table table = connection.getTable(TABLE)) {
            AppendWriter writer = table.newAppend().createWriter();
            for (int id = 0; id < ROWS; id++) {
                writer.append(GenericRow.of(id, BinaryString.fromString("192.0.2." + (10 + id))));
            }
            writer.flush();
        }
    }

    /** Enriches base rows from the start, stopping once {@code upTo} rows have been handled. */
    private static EnrichmentWriter.Stats enrich(
            Connection connection, EnrichedTable table, int upTo) throws Exception {
        try (StitchedScanner base = new StitchedScanner(connection, table, List.of("ip"));
                EnrichmentWriter writer =
                        new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL)) {
            base.subscribeAll(StartPosition.earliest(), true);
            int handled = 0;
            while (!base.isFinished() && handled < upTo) {
                for (StitchedRecord row : base.poll(Duration.ofMillis(200))) {
                    if (handled++ < upTo) {
                        writer.write(row.bucket(), row.offset(), geo(row.row().getString(0)));
                    }
                }
            }
            writer.flush();
            return writer.stats();
        }
    }

    /** A stand-in for a geo-IP lookup: deterministic in the IP. */
    private static GenericRow geo(BinaryString ip) {
        int last = Integer.parseInt(ip.toString().substring(ip.toString().lastIndexOf('.') + 1));
        return GenericRow.of(
                BinaryString.fromString(CITIES[last % CITIES.length]),
                BinaryString.fromString(COUNTRIES[last % COUNTRIES.length]));
    }

    private static List<StitchedRecord> read(
            Connection connection, EnrichedTable table, String... columns) throws Exception {
        List<StitchedRecord> rows = new ArrayList<>();
        try (StitchedScanner scanner = new StitchedScanner(connection, table, List.of(columns))) {
            scanner.subscribeAll(StartPosition.earliest(), true);
            while (!scanner.isFinished()) {
                rows.addAll(scanner.poll(Duration.ofMillis(200)));
            }
        }
        return rows;
    }
}
