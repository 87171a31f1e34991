/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.metrics;

import dev.flussenrich.FlussEnrich;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.DataStreamJobs;
import dev.flussenrich.testutils.DeviceLog;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Counter;
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
 * A reader gated on a group that is not enriched yet shows, per bucket, the rows it holds back, how
 * old the oldest of them is and its gating lag, and Flink's pending records; all fall to 0 once the
 * group catches up, and the rows count as records in.
 */
@ExtendWith(SharedFlussCluster.class)
class ReaderMetricsITCase {

    private static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster(METRICS);

    @Test
    void aGatedReaderShowsTheRowsItHoldsBackTheirAgeAndItsGatingLag() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("reader_metrics");
        EnrichedTable table = TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 1);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 5);

        StreamExecutionEnvironment env = DataStreamJobs.environment(1);
        env.fromSource(
                        FlussEnrich.<DeviceLog>source()
                                .setBootstrapServers(
                                        SharedFlussCluster.cluster().bootstrapServers())
                                .setTable(path.getDatabaseName(), path.getTableName())
                                .setColumns("id", "city")
                                .setStartPosition(StartPosition.earliest())
                                .setDeserializer(new DeviceLog.Deserializer())
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "gated reader")
                .sinkTo(new DiscardingSink<>());
        JobClient job = env.executeAsync("a reader gated on geo");
        try {
            awaitGauge(job.getJobID(), StitchedReaderMetrics.ROWS_HELD_BACK, rows -> rows == 5);
            awaitGauge(job.getJobID(), StitchedReaderMetrics.HELD_BACK_AGE, age -> age > 0);
            awaitGauge(job.getJobID(), StitchedReaderMetrics.GATING_LAG, lag -> lag == 5);
            awaitReaderMetric(job.getJobID(), "pendingRecords", rows -> rows == 5);
            awaitReaderMetric(job.getJobID(), "numRecordsIn", rows -> rows == 0);

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
            awaitGauge(job.getJobID(), StitchedReaderMetrics.GATING_LAG, lag -> lag == 0);
            awaitReaderMetric(job.getJobID(), "pendingRecords", rows -> rows == 0);
            awaitReaderMetric(job.getJobID(), "numRecordsIn", rows -> rows == 5);
            // The rows were committed before the enrichment that released them.
            awaitReaderMetric(job.getJobID(), "currentFetchEventTimeLag", lag -> lag > 0);
        } finally {
            job.cancel().get();
        }
    }

    /** Polls bucket 0's gauge until it satisfies {@code expected}, for up to a minute. */
    private static void awaitGauge(JobID job, String name, LongPredicate expected)
            throws InterruptedException {
        awaitMetric(job, ".bucket.0." + name, expected);
    }

    /** Polls a metric of the source reader (FLIP-33) until it satisfies {@code expected}. */
    private static void awaitReaderMetric(JobID job, String name, LongPredicate expected)
            throws InterruptedException {
        awaitMetric(job, ".Source: gated reader.0." + name, expected);
    }

    private static void awaitMetric(JobID job, String keySuffix, LongPredicate expected)
            throws InterruptedException {
        String name = keySuffix.substring(keySuffix.lastIndexOf('.') + 1);
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        Long last = null;
        while (System.nanoTime() < deadline) {
            for (var metric : METRICS.findMetrics(job, name).entrySet()) {
                if (metric.getKey().endsWith(keySuffix)) {
                    last =
                            metric.getValue() instanceof Counter counter
                                    ? counter.getCount()
                                    : (Long) ((Gauge<?>) metric.getValue()).getValue();
                    if (expected.test(last)) {
                        return;
                    }
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError(keySuffix + " never matched; last value " + last);
    }
}
