/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.FlussEnrich;
import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.metrics.EnrichmentWriterMetrics;
import dev.flussenrich.testutils.DataStreamJobs;
import dev.flussenrich.testutils.DeviceLog;
import dev.flussenrich.testutils.EnrichmentProgress;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.GeoRow;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The enrichment sink's metrics: every bucket a writer owns has a lag gauge before its first row.
 */
@ExtendWith(SharedFlussCluster.class)
class EnrichmentSinkITCase {

    private static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster(METRICS);

    static void enrichGeo(
            StreamExecutionEnvironment env,
            String bootstrapServers,
            TablePath path,
            StartPosition start,
            Map<String, String> clientOptions) {
        DataStream<DeviceLog> base =
                env.fromSource(
                        FlussEnrich.<DeviceLog>source()
                                .setBootstrapServers(bootstrapServers)
                                .setTable(path.getDatabaseName(), path.getTableName())
                                .setColumns("id", "ip")
                                .setStartPosition(start)
                                .setDeserializer(new DeviceLog.Deserializer())
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "device_logs");
        EnrichmentSinkBuilder<GeoRow> sink =
                FlussEnrich.<GeoRow>sink()
                        .setBootstrapServers(bootstrapServers)
                        .setTable(path.getDatabaseName(), path.getTableName())
                        .setGroup("geo")
                        .setGapPolicy(GapPolicy.FAIL)
                        .setSerializer(new GeoRow.Serializer());
        clientOptions.forEach(sink::setClientOption);
        base.map(row -> GeoRow.of(row, "city-" + row.ip)).sinkTo(sink.build());
    }

    /**
     * Every bucket the writers own gets a lag gauge, before their first row: here the job starts at
     * the latest offset, so no row reaches the writers, and each gauge shows every base row of its
     * bucket. Before, a gauge appeared only with a bucket's first row.
     */
    @Test
    void everyOwnedBucketHasALagGaugeBeforeItsFirstRow() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("sink_lag_gauges");
        TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 4);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 40);
        Map<Integer, Long> baseRows = new HashMap<>();
        BucketOffsets offsets = new BucketOffsets(SharedFlussCluster.admin());
        for (int b = 0; b < 4; b++) {
            baseRows.put(b, offsets.highWatermark(path, EnrichedBucket.of(b)));
        }

        StreamExecutionEnvironment env = DataStreamJobs.environment(2);
        enrichGeo(
                env,
                SharedFlussCluster.cluster().bootstrapServers(),
                path,
                StartPosition.latest(),
                Map.of());
        JobClient job = env.executeAsync("enrich geo from latest");
        try {
            Map<Integer, Long> lags = awaitLagGauges(job.getJobID(), baseRows);
            assertThat(lags).isEqualTo(baseRows);
        } finally {
            job.cancel().get();
        }
    }

    /** Flink's standard sink metric: each writer counts the rows it appended to the companion. */
    @Test
    void numRecordsSendCountsTheCompanionRowsWritten() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("sink_records_send");
        TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 2);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, 6);

        StreamExecutionEnvironment env = DataStreamJobs.environment(2);
        enrichGeo(
                env,
                SharedFlussCluster.cluster().bootstrapServers(),
                path,
                StartPosition.earliest(),
                Map.of());
        JobClient job = env.executeAsync("enrich geo, count rows sent");
        try {
            EnrichmentProgress.awaitFullyEnriched(path, "geo");
            long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
            long sent = -1;
            while (sent != 6 && System.nanoTime() < deadline) {
                sent =
                        METRICS.findMetrics(job.getJobID(), "numRecordsSend").values().stream()
                                .mapToLong(metric -> ((Counter) metric).getCount())
                                .sum();
                Thread.sleep(50);
            }
            assertThat(sent).isEqualTo(6);
        } finally {
            job.cancel().get();
        }
    }

    private static final Pattern BUCKET = Pattern.compile("\\.bucket\\.(\\d+)\\.");

    /** Polls the reporter until the lag gauges read {@code expected} (or a minute has passed). */
    private static Map<Integer, Long> awaitLagGauges(JobID job, Map<Integer, Long> expected)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        Map<Integer, Long> lags = new HashMap<>();
        while (System.nanoTime() < deadline) {
            lags.clear();
            for (Map.Entry<String, Metric> metric :
                    METRICS.findMetrics(job, EnrichmentWriterMetrics.LAG).entrySet()) {
                Matcher bucket = BUCKET.matcher(metric.getKey());
                if (bucket.find()) {
                    long lag = (Long) ((Gauge<?>) metric.getValue()).getValue();
                    lags.merge(Integer.parseInt(bucket.group(1)), lag, Long::sum);
                }
            }
            if (lags.equals(expected)) {
                break;
            }
            Thread.sleep(100);
        }
        return lags;
    }
}
