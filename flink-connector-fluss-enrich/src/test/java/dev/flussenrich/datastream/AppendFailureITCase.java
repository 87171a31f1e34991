/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.datastream;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.StartPosition;
import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Fault: an append fails while no row follows it and checkpointing is off. Two tablet servers,
 * replication 1: the server holding the companion stops after the first row was enriched, and the
 * enrichment writer may retry an append once only, so the second row's append fails. Before, the
 * failure waited for the writer's next row or flush, so an idle job ran on as if enriching.
 */
class AppendFailureITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    private static EmbeddedFlussCluster cluster;
    private static Connection connection;

    @BeforeAll
    static void startTwoServers() throws Exception {
        cluster = EmbeddedFlussCluster.start(2);
        connection = ConnectionFactory.createConnection(cluster.clientConfig());
        connection.getAdmin().createDatabase("faults", DatabaseDescriptor.EMPTY, true).get();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        connection.close();
        cluster.close();
    }

    @Test
    void anAppendFailureFailsAnIdleJobAtOnce() throws Exception {
        EnrichedTable table = baseAndCompanionOnDifferentServers();
        TablePath path = table.tablePath();
        TableInfo companion = table.requireGroup("geo").companion();
        TestTables.appendBase(connection, path, 0, 1);

        StreamExecutionEnvironment env = EnrichmentSinkITCase.environment(1);
        EnrichmentSinkITCase.enrichGeo(
                env,
                cluster.bootstrapServers(),
                path,
                StartPosition.earliest(),
                Map.of("client.writer.retries", "1"));
        JobClient job = env.executeAsync("enrich, lose the companion's server, idle");
        try {
            awaitCompanionRows(companion.getTablePath(), 1);
            cluster.stopTabletServer(leaderOf(companion));
            TestTables.appendBase(connection, path, 1, 2);

            assertThatThrownBy(() -> job.getJobExecutionResult().get(60, TimeUnit.SECONDS))
                    .as("the job fails within a minute, with no checkpoint and no further row")
                    .isNotInstanceOf(TimeoutException.class)
                    .satisfies(
                            error ->
                                    assertThat(DataStreamITCase.messages(error))
                                            .anyMatch(
                                                    m ->
                                                            m.startsWith(
                                                                    "Writing group 'geo' of table '"
                                                                            + path
                                                                            + "' to companion '"
                                                                            + companion
                                                                                    .getTablePath()
                                                                            + "' failed: ")));
        } finally {
            if (!job.getJobExecutionResult().isDone()) {
                job.cancel().get();
            }
        }
    }

    /** Creates tables until the base and the geo companion are led by different servers. */
    private static EnrichedTable baseAndCompanionOnDifferentServers() {
        for (int attempt = 0; attempt < 20; attempt++) {
            TablePath path = TablePath.of("faults", "idle_append_failure_" + attempt);
            EnrichedTable table = TestTables.createDeviceLogs(connection, path, 1);
            if (leaderOf(table.base()) != leaderOf(table.requireGroup("geo").companion())) {
                return table;
            }
        }
        throw new AssertionError("Base and companion always landed on the same server");
    }

    private static int leaderOf(TableInfo table) {
        return cluster.leaderOf(new TableBucket(table.getTableId(), 0));
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
