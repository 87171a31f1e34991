/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs streaming INSERTs in the shared SQL environment until they have handled all rows, timing the
 * whole job and the stretch from 20% to 80% of the rows (its steady state: no start-up, no tail)
 * and sampling the peak heap while they run, then cancels them.
 */
final class StreamingInsertTimer {

    private final TableEnvironment sql;
    private final int rows;

    StreamingInsertTimer(BenchmarkSetup setup) {
        this.sql = setup.sql();
        this.rows = setup.rows();
    }

    /** One INSERT, done once {@code handled} counts all rows. */
    TimedRun runUntilAllRowsHandled(Progress.Counter handled, String statement) throws Exception {
        return runUntilAllRowsHandled(handled, List.of(statement));
    }

    /** The same for statements that run side by side as separate jobs (one per group). */
    TimedRun runUntilAllRowsHandled(Progress.Counter handled, List<String> statements)
            throws Exception {
        statements.forEach(statement -> System.out.println("  running: " + abbreviate(statement)));
        RowCounter.reset();
        System.gc();
        HeapSampler heap = new HeapSampler();
        heap.start();
        LiveHeap liveHeap = new LiveHeap();
        liveHeap.start();
        long start = System.nanoTime();
        long cpuStart = ProcessCpu.nanos();
        List<TableResult> results = new ArrayList<>();
        for (String statement : statements) {
            results.add(sql.executeSql(statement));
        }
        long submitted = System.nanoTime();
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        long firstRow = -1;
        long at20 = -1;
        long at80 = -1;
        long cpuAt20 = -1;
        long cpuAt80 = -1;
        while (true) {
            long count = handled.count();
            long now = System.nanoTime();
            if (firstRow < 0 && count > 0) {
                firstRow = now;
            }
            if (at20 < 0 && count >= rows * 0.2) {
                at20 = now;
                cpuAt20 = ProcessCpu.nanos();
            }
            if (at80 < 0 && count >= rows * 0.8) {
                at80 = now;
                cpuAt80 = ProcessCpu.nanos();
            }
            if (count >= rows) {
                break;
            }
            for (TableResult result : results) {
                var status = result.getJobClient().orElseThrow().getJobStatus().get();
                if (status.isGloballyTerminalState()) {
                    result.await();
                    throw new IllegalStateException("Job ended as " + status + ": " + statements);
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "Did not finish within 5 minutes ("
                                + count
                                + " rows handled): "
                                + statements);
            }
            Thread.sleep(20);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        long cpuNanos = ProcessCpu.nanos() - cpuStart;
        long steadyMillis = Math.max(1, (at80 - at20) / 1_000_000);
        long firstRowMillis = (Math.max(firstRow, start) - start) / 1_000_000;
        long submittedMillis = (submitted - start) / 1_000_000;
        long steadyCpuNanos = Math.max(1, cpuAt80 - cpuAt20);
        long peak = heap.finish();
        long live = liveHeap.finish();
        for (TableResult result : results) {
            result.getJobClient().orElseThrow().cancel().get();
        }
        awaitEnded(results);
        System.out.printf(
                Locale.ROOT,
                "    %,d ms (submitted after %,d ms, first row after %,d ms, 20%% after %,d ms, 80%%"
                        + " after %,d ms, 20%%..80%% of the rows in %,d ms, %,d ms of CPU), peak"
                        + " heap %,d MB, live %,d MB%n",
                millis,
                submittedMillis,
                firstRowMillis,
                (at20 - start) / 1_000_000,
                (at80 - start) / 1_000_000,
                steadyMillis,
                steadyCpuNanos / 1_000_000,
                peak >> 20,
                live >> 20);
        return new TimedRun(
                millis, firstRowMillis, steadyMillis, cpuNanos, steadyCpuNanos, peak, live);
    }

    /**
     * Waits until the cancelled jobs have ended: their tasks close their connections for up to 2 s
     * after the cancel is acknowledged, and the next job, of either side, would start beside it.
     */
    private static void awaitEnded(List<TableResult> results) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        for (TableResult result : results) {
            var job = result.getJobClient().orElseThrow();
            while (!job.getJobStatus().get().isGloballyTerminalState()) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("A cancelled job did not end within 1 minute");
                }
                Thread.sleep(20);
            }
        }
    }

    private static String abbreviate(String statement) {
        return statement.length() > 110 ? statement.substring(0, 110) + " ..." : statement;
    }
}
