/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.io.PrintStream;

/**
 * A gated streaming read of the whole table (both groups: a row arrives once both enriched it),
 * collected with checkpoints on so that a restarted reader job hands over each row once. Its ids
 * pass a function that can fail the reader's task ({@link SoakFunctions.ReadId}). Counts how often
 * each id arrived and keeps the rows whose values are not the functions of their id.
 */
final class StitchedReadCollector implements AutoCloseable {

    private final SoakRows rows = new SoakRows();
    private final Thread thread;
    private final TableResult result;
    private volatile Exception failure;
    private volatile boolean closing;

    StitchedReadCollector(SoakFlink flink, PrintStream log) {
        this.result =
                flink.sql(flink.environment(2, null))
                        .executeSql(
                                "SELECT soak_read_id(id), dt, city, score, label FROM "
                                        + SoakTable.NAME);
        flink.track(result.getJobClient().orElseThrow(), "gated reader");
        this.thread =
                new Thread(
                        () -> {
                            try (CloseableIterator<Row> it = result.collect()) {
                                while (it.hasNext()) {
                                    Row row = it.next();
                                    rows.add(
                                            (Long) row.getField(0),
                                            (String) row.getField(2),
                                            (Integer) row.getField(3),
                                            (String) row.getField(4));
                                }
                            } catch (Exception e) {
                                if (!closing) {
                                    failure = e;
                                    log.println("reader stopped by " + e);
                                }
                            }
                        },
                        "soak-reader");
        thread.start();
    }

    SoakRows rows() {
        return rows;
    }

    Exception failure() {
        return failure;
    }

    @Override
    public void close() {
        closing = true;
        thread.interrupt();
    }
}
