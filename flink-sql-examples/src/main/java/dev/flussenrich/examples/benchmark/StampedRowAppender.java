/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.table;

/**
 * The rows of the latency measurement: each call appends {@code rowsPerRun} new base rows to A at
 * 1,000 rows/s, each stamped with its append time in {@code c1}. Ids go on from the loaded rows.
 */
final class StampedRowAppender {
    private static final int ROWS_PER_SECOND = 1_000;

    private final Connection connection;
    private final BenchmarkSchema schema;
    private final int rowsPerRun;
    private int nextId;

    StampedRowAppender(BenchmarkSetup setup, int rowsPerRun) {
        this.connection = setup.connection();
        this.schema = setup.schema();
        this.rowsPerRun = rowsPerRun;
        this.nextId = setup.rows();
    }

    /** Starts appending the next {@code rowsPerRun} ids on a thread of its own, after 2 s. */
    Thread start() {
        int fromId = reserveIds();
        Thread producer =
                new Thread(
                        () -> {
                            try {
                                Thread.sleep(2_000); // the job is up and at the watermark
                                append(fromId);
                            } catch (Exception e) {
                                throw new RuntimeException(e);
                            }
                        },
                        "latency-producer");
        producer.start();
        return producer;
    }

    private void append(int fromId) throws Exception {
        try (Table a = connection.getTable(table("a"))) {
            AppendWriter writer = a.newAppend().createWriter();
            int perTick = ROWS_PER_SECOND / 100;
            for (int i = 0; i < rowsPerRun; i += perTick) {
                schema.appendBaseRows(writer, fromId + i, fromId + i + perTick);
                writer.flush();
                Thread.sleep(10);
            }
        }
    }

    /** Reserves the next {@code rowsPerRun} ids and returns the first: each run appends new ids. */
    private int reserveIds() {
        int first = nextId;
        nextId += rowsPerRun;
        return first;
    }
}
