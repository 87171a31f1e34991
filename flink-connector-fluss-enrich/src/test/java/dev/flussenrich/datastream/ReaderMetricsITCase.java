/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.datastream;

import dev.flussenrich.FlussEnrich;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichmentWriter;
import dev.flussenrich.core.GapPolicy;
import dev.flussenrich.core.StartPosition;
import dev.flussenrich.metrics.StitchedReaderMetrics;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.function.LongPredicate;

import static dev.flussenrich.testutils.TestTables.city;

/**
 * A reader gated on a group that is not enriched yet shows, per bucket, the rows it holds back and
 * how old the oldest of them is; both fall to 0 once the group catches up.
 */
@ExtendWith(SharedFlussCluster.class)
class ReaderMetricsITCase {

    private static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster(METRICS);

    @Test
    void aGatedReaderShowsTheRowsItHoldsBackAndTheirAge() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("reader_metrics");
        EnrichedTable table = TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 1);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 5);

        StreamExecutionEnvironment env = EnrichmentSinkITCase.environment(1);
        env.fromSource(
                        FlussEnrich.<BaseRow>source()
                                .setBootstrapServers(
                                        SharedFlussCluster.cluster().bootstrapServers())
                                .setTable(path.getDatabaseName(), path.getTableName())
                                .setColumns("id", "city")
                                .setStartPosition(StartPosition.earliest())
                                .setDeserializer(new BaseRow.Deserializer())
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "gated reader")
                .sinkTo(new DiscardingSink<>());
        JobClient job = env.executeAsync("a reader gated on geo");
        try {
            awaitGauge(job.getJobID(), StitchedReaderMetrics.ROWS_HELD_BACK, rows -> rows == 5);
            awaitGauge(job.getJobID(), StitchedReaderMetrics.HELD_BACK_AGE, age -> age > 0);

            try (EnrichmentWriter geo =
                    new EnrichmentWriter(
                            SharedFlussCluster.connection(), table, "geo", GapPolicy.FAIL)) {
                for (long offset = 0; offset < 5; offset++) {
                    geo.write(EnrichedBucket.of(0), offset, city("c" + offset));
                }
                geo.flush();
            }

            awaitGauge(job.getJobID(), StitchedReaderMetrics.ROWS_HELD_BACK, rows -> rows == 0);
            awaitGauge(job.getJobID(), StitchedReaderMetrics.HELD_BACK_AGE, age -> age == 0);
        } finally {
            job.cancel().get();
        }
    }

    /** Polls bucket 0's gauge until it satisfies {@code expected}, for up to a minute. */
    private static void awaitGauge(JobID job, String name, LongPredicate expected)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        Long last = null;
        while (System.nanoTime() < deadline) {
            for (var metric : METRICS.findMetrics(job, name).entrySet()) {
                if (metric.getKey().contains(".bucket.0.")) {
                    last = (Long) ((Gauge<?>) metric.getValue()).getValue();
                    if (expected.test(last)) {
                        return;
                    }
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError(name + " of bucket 0 never matched; last value " + last);
    }
}
