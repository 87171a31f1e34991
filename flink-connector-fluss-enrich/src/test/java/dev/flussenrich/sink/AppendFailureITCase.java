/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.metrics.EnrichmentWriterMetrics;
import dev.flussenrich.testutils.DataStreamJobs;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.OwnFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Faults of an append that cannot be delivered. Two tablet servers, replication 1: the server
 * holding the companion stops after the first row was enriched, then a second base row arrives and
 * no row follows it; checkpointing is off.
 */
class AppendFailureITCase {

    private static final InMemoryReporter METRICS = InMemoryReporter.createWithRetainedMetrics();

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster(METRICS);

    @RegisterExtension
    static final OwnFlussCluster FLUSS = OwnFlussCluster.builder().tabletServers(2).build();

    private static Connection connection;
    private static Integer stoppedServer;

    /** A connection per test: one that knew a stopped server keeps calling its old address. */
    @BeforeEach
    void connect() throws Exception {
        connection = ConnectionFactory.createConnection(FLUSS.cluster().clientConfig());
        connection.getAdmin().createDatabase("faults", DatabaseDescriptor.EMPTY, true).get();
    }

    /** Restarts the server a test stopped, so that the next one has two again. */
    @AfterEach
    void restartStoppedServer() throws Exception {
        connection.close();
        if (stoppedServer != null) {
            FLUSS.cluster().startTabletServer(stoppedServer);
            stoppedServer = null;
        }
    }

    /** A job that enriched one row; the companion's server is gone, a second row is queued. */
    private record LostServer(TablePath path, TablePath companion, JobClient job) {}

    private static LostServer enrichOneRowThenLoseTheCompanionServer(
            String name, Map<String, String> clientOptions) throws Exception {
        EnrichedTable table = baseAndCompanionOnDifferentServers(name);
        TablePath path = table.tablePath();
        TableInfo companion = table.requireGroup("geo").companion();
        // One writer for both rows: the second append must not look up metadata, which the
        // admin may ask of the stopped server.
        Table base = connection.getTable(path);
        AppendWriter baseWriter = base.newAppend().createWriter();
        baseWriter.append(TestTables.baseRow(0)).get();

        StreamExecutionEnvironment env = DataStreamJobs.environment(1);
        EnrichmentSinkITCase.enrichGeo(
                env, FLUSS.bootstrapServers(), path, StartPosition.earliest(), clientOptions);
        JobClient job = env.executeAsync(name);
        awaitCompanionRows(companion.getTablePath(), 1);
        stoppedServer = leaderOf(companion);
        FLUSS.cluster().stopTabletServer(stoppedServer);
        baseWriter.append(TestTables.baseRow(1)).get();
        base.close();
        return new LostServer(path, companion.getTablePath(), job);
    }

    /**
     * Fault: the append fails (one retry allowed) while no row follows it and checkpointing is off.
     * Before, the failure waited for the writer's next row or flush, so the idle job ran on as if
     * enriching.
     */
    @Test
    void anAppendFailureFailsAnIdleJobAtOnce() throws Exception {
        LostServer lost =
                enrichOneRowThenLoseTheCompanionServer(
                        "append_fails", Map.of("client.writer.retries", "1"));
        JobClient job = lost.job();
        try {
            assertThatThrownBy(() -> job.getJobExecutionResult().get(60, TimeUnit.SECONDS))
                    .as("the job fails within a minute, with no checkpoint and no further row")
                    .isNotInstanceOf(TimeoutException.class)
                    .satisfies(
                            error ->
                                    assertThat(DataStreamJobs.messages(error))
                                            .anyMatch(
                                                    m ->
                                                            m.startsWith(
                                                                    "Writing group 'geo' of table '"
                                                                            + lost.path()
                                                                            + "' to companion '"
                                                                            + lost.companion()
                                                                            + "' failed: ")));
        } finally {
            if (!job.getJobExecutionResult().isDone()) {
                job.cancel().get();
            }
        }
    }

    /**
     * Fault: the job is cancelled while Fluss retries an append to the lost server without limit
     * (the default). Fluss's close would wait for that append for ever; the cancel returns.
     */
    @Test
    void cancelReturnsWhileAnAppendWaitsForTheLostServer() throws Exception {
        LostServer lost = enrichOneRowThenLoseTheCompanionServer("append_waits", Map.of());
        JobClient job = lost.job();
        awaitRowsWritten(job.getJobID(), 2);
        job.cancel().get();
        assertThatThrownBy(() -> job.getJobExecutionResult().get(2, TimeUnit.MINUTES))
                .as("the cancel finishes (Fluss's close is given up on after 30 s)")
                .isNotInstanceOf(TimeoutException.class);
        assertThat(job.getJobStatus().get()).isEqualTo(JobStatus.CANCELED);
    }

    /** Waits until the enrichment writer has queued {@code rows} rows. */
    private static void awaitRowsWritten(JobID job, long rows) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<Metric> written =
                    METRICS.findMetric(job, EnrichmentWriterMetrics.ROWS_WRITTEN);
            if (written.isPresent() && (Long) ((Gauge<?>) written.get()).getValue() >= rows) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("The enrichment writer did not queue " + rows + " rows");
    }

    /** Creates tables until the base and the geo companion are led by different servers. */
    private static EnrichedTable baseAndCompanionOnDifferentServers(String name) {
        for (int attempt = 0; attempt < 20; attempt++) {
            TablePath path = TablePath.of("faults", name + "_" + attempt);
            EnrichedTable table = TestTables.createDeviceLogs(connection, path, 1);
            if (leaderOf(table.base()) != leaderOf(table.requireGroup("geo").companion())) {
                return table;
            }
        }
        throw new AssertionError("Base and companion always landed on the same server");
    }

    private static int leaderOf(TableInfo table) {
        return FLUSS.cluster().leaderOf(new TableBucket(table.getTableId(), 0));
    }

    private static void awaitCompanionRows(TablePath companion, long rows) throws Exception {
        BucketOffsets offsets = new BucketOffsets(connection.getAdmin());
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (offsets.highWatermark(companion, EnrichedBucket.of(0)) < rows) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(companion + " did not reach " + rows + " rows");
            }
            Thread.sleep(50);
        }
    }
}
