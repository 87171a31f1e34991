/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.read.StitchedRows;
import dev.flussenrich.core.read.StitchedScanner;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.types.DataTypes;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Tables, rows and reads shared by the integration tests. */
public final class TestTables {

    private TestTables() {}

    /**
     * {@code device_logs}-like table: {@code id INT, ip STRING, city STRING, score DOUBLE}, groups
     * {@code geo = city} and {@code risk = score}, one bucket.
     */
    public static TableDescriptor deviceLogs(int buckets) {
        return TableDescriptor.builder()
                .schema(
                        Schema.newBuilder()
                                .column("id", DataTypes.INT())
                                .column("ip", DataTypes.STRING())
                                .column("city", DataTypes.STRING())
                                .column("score", DataTypes.DOUBLE())
                                .build())
                .distributedBy(buckets, "id")
                .customProperty("column-groups.geo", "city")
                .customProperty("column-groups.risk", "score")
                .build();
    }

    /**
     * A table partitioned by day: {@code id INT, dt STRING, city STRING}, partition key {@code dt},
     * bucket key {@code id}, group {@code geo = city}.
     */
    public static TableDescriptor partitionedByDay(int buckets) {
        return TableDescriptor.builder()
                .schema(
                        Schema.newBuilder()
                                .column("id", DataTypes.INT())
                                .column("dt", DataTypes.STRING())
                                .column("city", DataTypes.STRING())
                                .build())
                .partitionedBy("dt")
                .distributedBy(buckets, "id")
                .customProperty("column-groups.geo", "city")
                .build();
    }

    /** Creates a {@link #deviceLogs} table and returns it loaded. */
    public static EnrichedTable createDeviceLogs(
            Connection connection, TablePath path, int buckets) {
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(path, deviceLogs(buckets), false);
        return tables.load(path);
    }

    /** Appends base rows {@code (id, ip)} for ids {@code from..to-1} and waits for them. */
    public static void appendBase(Connection connection, TablePath path, int from, int to)
            throws Exception {
        try (Table table = connection.getTable(path)) {
            AppendWriter writer = table.newAppend().createWriter();
            for (int id = from; id < to; id++) {
                writer.append(baseRow(id));
            }
            writer.flush();
        }
    }

    public static GenericRow baseRow(int id) {
        return GenericRow.of(id, BinaryString.fromString("10.0.0." + id));
    }

    public static GenericRow city(String city) {
        return GenericRow.of(city == null ? null : BinaryString.fromString(city));
    }

    public static GenericRow score(Double score) {
        return GenericRow.of(score);
    }

    /** Enriches every row of the table with group {@code geo}: city {@code "c" + id}. */
    public static void enrichEveryRowWithCity(Connection connection, EnrichedTable table)
            throws Exception {
        try (EnrichmentWriter geo =
                new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL)) {
            for (StitchedRecord row :
                    readBounded(connection, table, StartPosition.earliest(), "id")) {
                geo.write(row.bucket(), row.offset(), city("c" + row.row().getInt(0)));
            }
            geo.flush();
        }
    }

    /** Reads {@code columns} from every bucket, bounded at today's frontier. */
    public static List<StitchedRecord> readBounded(
            Connection connection, EnrichedTable table, StartPosition start, String... columns)
            throws Exception {
        try (StitchedScanner scanner =
                new StitchedScanner(connection, table, Arrays.asList(columns))) {
            scanner.subscribeAll(start, true);
            return drain(scanner);
        }
    }

    /** Polls a bounded scanner until it finishes (fails after 60 s). */
    public static List<StitchedRecord> drain(StitchedScanner scanner) {
        List<StitchedRecord> out = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!scanner.isFinished()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Bounded read did not finish; read " + out.size());
            }
            out.addAll(scanner.poll(Duration.ofMillis(200)));
        }
        return out;
    }

    /** Renders a row as a list of Java values (strings for strings) for assertions. */
    public static List<Object> values(InternalRow row) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < row.getFieldCount(); i++) {
            Object value =
                    row instanceof GenericRow generic
                            ? generic.getField(i)
                            : StitchedRows.field(row, i);
            values.add(value instanceof BinaryString ? value.toString() : value);
        }
        return values;
    }

    /** {@code offset: values} of each record, in order, for assertions. */
    public static List<String> describe(List<StitchedRecord> records) {
        List<String> out = new ArrayList<>();
        for (StitchedRecord record : records) {
            out.add(
                    (record.bucket().partitionName() == null
                                    ? ""
                                    : record.bucket().partitionName() + "/")
                            + record.bucket().bucket()
                            + "@"
                            + record.offset()
                            + " "
                            + values(record.row()));
        }
        return out;
    }

    public static EnrichedBucket bucket0() {
        return EnrichedBucket.of(0);
    }
}
