/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.internal.TableCreation;
import dev.flussenrich.core.write.TableAppender;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.types.DataTypes;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.table;

/**
 * Fluss's append path alone, without Flink ({@code -Dbenchmark.appends-only=true}): one row to each
 * of five companion-shaped tables (route, source offset, one string) per base row, as a writer of
 * five groups appends them, until every row is acknowledged. The connector's {@link TableAppender}
 * against Fluss's public {@link AppendWriter}, each row's future completed into a failure check (as
 * the connector used it until stop 49), in pairs, each on a new connection. CPU time of the whole
 * process, the embedded Fluss server's included: the appending thread is not the only one that pays
 * for an append, Fluss's network thread completes each row's futures.
 */
final class AppendPaths {

    private static final int TABLES = 5;

    private final BenchmarkSetup setup;
    private final List<TablePath> tables = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    AppendPaths(BenchmarkSetup setup) {
        this.setup = setup;
    }

    void measure(int pairs) throws Exception {
        try (Connection connection = connect()) {
            TableCreation creation = new TableCreation(connection.getAdmin());
            for (int i = 1; i <= TABLES; i++) {
                TablePath path = table("append_path_" + i);
                creation.create(path, companionShaped());
                tables.add(path);
            }
        }
        int rows = setup.rows();
        timeConnectorAppends(rows);
        timeFlussAppendWriters(rows);
        List<Double> connector = new ArrayList<>();
        List<Double> fluss = new ArrayList<>();
        for (int pair = 0; pair < pairs; pair++) {
            // each side goes first in every other pair: the second pays for the first's garbage
            long ours;
            long theirs;
            if (pair % 2 == 0) {
                ours = timeConnectorAppends(rows);
                theirs = timeFlussAppendWriters(rows);
            } else {
                theirs = timeFlussAppendWriters(rows);
                ours = timeConnectorAppends(rows);
            }
            connector.add(rows / (ours / 1e9));
            fluss.add(rows / (theirs / 1e9));
            System.out.printf(
                    "append pair %d: TableAppender %,d ms, Fluss's AppendWriter %,d ms of the"
                            + " process's CPU for %,d rows x %d tables (%,d and %,d ns per"
                            + " append)%n",
                    pair,
                    ours / 1_000_000,
                    theirs / 1_000_000,
                    rows,
                    TABLES,
                    ours / ((long) rows * TABLES),
                    theirs / ((long) rows * TABLES));
        }
        setup.report()
                .repeated(
                        "appends to 5 tables, base rows per CPU-s of the process",
                        connector,
                        fluss,
                        "rows/CPU-s",
                        Double.NaN);
        setup.report().print(System.out, rows);
    }

    private long timeConnectorAppends(int rows) throws Exception {
        try (Connection connection = connect()) {
            List<TableAppender> appenders = new ArrayList<>();
            for (TablePath path : tables) {
                appenders.add(new TableAppender(connection, path, "Benchmark appends to " + path));
            }
            long cpu =
                    cpuUntilFlushed(
                            rows,
                            appenders.stream().map(this::appendTo).toList(),
                            appenders.stream().<Runnable>map(a -> a::flush).toList());
            for (TableAppender appender : appenders) {
                appender.close();
            }
            return cpu;
        }
    }

    private Consumer<GenericRow> appendTo(TableAppender appender) {
        return row -> appender.append(row, null);
    }

    private long timeFlussAppendWriters(int rows) throws Exception {
        try (Connection connection = connect()) {
            List<Table> opened = new ArrayList<>();
            List<AppendWriter> writers = new ArrayList<>();
            for (TablePath path : tables) {
                Table table = connection.getTable(path);
                opened.add(table);
                writers.add(table.newAppend().createWriter());
            }
            long cpu =
                    cpuUntilFlushed(
                            rows,
                            writers.stream().map(this::appendTo).toList(),
                            writers.stream().<Runnable>map(w -> w::flush).toList());
            for (Table table : opened) {
                table.close();
            }
            if (failure.get() != null) {
                throw new IllegalStateException("An append failed", failure.get());
            }
            return cpu;
        }
    }

    private Consumer<GenericRow> appendTo(AppendWriter writer) {
        return row ->
                writer.append(row)
                        .whenComplete(
                                (ignored, error) -> {
                                    if (error != null) {
                                        failure.compareAndSet(null, error);
                                    }
                                });
    }

    /**
     * The process's CPU time from the first append until every row is acknowledged: {@code rows}
     * rows to each table, one row object reused throughout, then every flush.
     */
    private static long cpuUntilFlushed(
            int rows, List<Consumer<GenericRow>> appends, List<Runnable> flushes) {
        long start = ProcessCpu.nanos();
        GenericRow row = new GenericRow(3);
        BinaryString value = BinaryString.fromString("enrichment-value");
        for (int offset = 0; offset < rows; offset++) {
            row.setField(0, offset % BenchmarkSettings.BUCKETS);
            row.setField(1, (long) offset);
            row.setField(2, value);
            for (Consumer<GenericRow> append : appends) {
                append.accept(row);
            }
        }
        flushes.forEach(Runnable::run);
        return ProcessCpu.nanos() - start;
    }

    private static TableDescriptor companionShaped() {
        return TableDescriptor.builder()
                .schema(
                        Schema.newBuilder()
                                .column("_route", DataTypes.INT())
                                .column("_source_offset", DataTypes.BIGINT())
                                .column("v", DataTypes.STRING())
                                .build())
                .distributedBy(BenchmarkSettings.BUCKETS, "_route")
                .build();
    }

    private Connection connect() {
        return ConnectionFactory.createConnection(
                FlussConnectionConfig.of(setup.fluss().bootstrapServers(), Map.of())
                        .toConfiguration());
    }
}
