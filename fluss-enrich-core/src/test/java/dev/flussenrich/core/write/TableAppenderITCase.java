/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.TableCreation;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A partition dropped while rows for it wait to be sent (the chaos soak: a partition dropped while
 * an enrichment job still wrote its rows). Fluss 0.9.1's writer then sends no row of any partition
 * and its flush never returns, so the job's checkpoints and savepoints hung; the flush now fails,
 * naming the partition, and the job restarts from its last checkpoint.
 */
@ExtendWith(SharedFlussCluster.class)
class TableAppenderITCase {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // before the fix: the flush never returned
    void aFlushFailsWhenAPartitionWithUnsentRowsWasDropped() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("appender_dropped");
        Connection admin = SharedFlussCluster.connection();
        new TableCreation(admin.getAdmin()).create(path, TestTables.partitionedByDay(1));
        // Rows wait in the writer until a flush: the drop comes before they are sent.
        Configuration lingering = SharedFlussCluster.cluster().clientConfig();
        lingering.set(ConfigOptions.CLIENT_WRITER_BATCH_TIMEOUT, Duration.ofMinutes(5));
        Connection connection = ConnectionFactory.createConnection(lingering);
        try (TableAppender appender =
                new TableAppender(
                        connection,
                        path,
                        "Writing to 'appender_dropped'",
                        Duration.ofMillis(500))) {
            appender.ensurePartition("2026-03-01");
            appender.ensurePartition("2026-03-02");
            appender.append(row(1, "2026-03-01"), "2026-03-01");
            appender.append(row(2, "2026-03-02"), "2026-03-02");

            await(
                    admin.getAdmin()
                            .dropPartition(
                                    path, new PartitionSpec(Map.of("dt", "2026-03-02")), false));

            assertThatThrownBy(appender::flush)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage(
                            "Writing to 'appender_dropped' cannot finish: partition '2026-03-02'"
                                    + " was dropped while rows for it were waiting to be sent,"
                                    + " and Fluss's writer then sends no row of any partition."
                                    + " The job restarts from its last checkpoint and writes the"
                                    + " rows again; those of the dropped partition are gone with"
                                    + " it.");
        } finally {
            // Fluss's close waits for ever for the rows it cannot send.
            FlussCalls.closeWithin(connection, Duration.ofSeconds(5), "the stuck connection");
        }
    }

    private static GenericRow row(int id, String day) {
        return GenericRow.of(id, BinaryString.fromString(day), null);
    }
}
