/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.read.StitchedScanner;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.OwnFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TablePath;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.flussenrich.testutils.TestTables.city;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Fluss leader fails while enrichment is written and stitched reads run: with replication factor
 * 3 nothing is lost, nothing is duplicated, and no reader sees a partial row.
 */
class FailoverITCase {

    private static final int ROWS = 3_000;
    private static final int BUCKETS = 3;
    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @RegisterExtension
    static final OwnFlussCluster FLUSS =
            OwnFlussCluster.builder()
                    .tabletServers(3)
                    .config(ConfigOptions.DEFAULT_REPLICATION_FACTOR, 3)
                    .database("failover")
                    .build();

    @Test
    void enrichmentAndStitchedReadsSurviveALeaderFailure() throws Exception {
        TablePath path = TablePath.of("failover", "device_logs");
        EnrichedTable table = TestTables.createDeviceLogs(FLUSS.connection(), path, BUCKETS);
        TestTables.appendBase(FLUSS.connection(), path, 0, ROWS);

        CountDownLatch firstThirdEnriched = new CountDownLatch(1);
        CountDownLatch leaderStopped = new CountDownLatch(1);
        AtomicBoolean stop = new AtomicBoolean();
        CompletableFuture<Integer> enricher =
                CompletableFuture.supplyAsync(
                        () -> enrichAll(table, firstThirdEnriched, leaderStopped, stop));
        CompletableFuture<List<StitchedRecord>> reader =
                CompletableFuture.supplyAsync(() -> readAll(table, stop));

        assertThat(firstThirdEnriched.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isTrue();
        TableBucket companionBucket =
                new TableBucket(table.requireGroup("geo").companion().getTableId(), 0);
        int leader = FLUSS.cluster().leaderOf(companionBucket);
        FLUSS.cluster().stopTabletServer(leader);
        leaderStopped.countDown();

        try {
            assertThat(enricher.get(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isEqualTo(ROWS);
            List<StitchedRecord> rows = reader.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            assertThat(FLUSS.cluster().leaderOf(companionBucket)).isNotEqualTo(leader);

            Map<Integer, List<Long>> offsetsByBucket = new TreeMap<>();
            for (StitchedRecord row : rows) {
                int id = row.row().getInt(0);
                assertThat(row.row().isNullAt(1)).as("partial row at id %d", id).isFalse();
                assertThat(row.row().getString(1).toString()).isEqualTo("city" + id);
                offsetsByBucket
                        .computeIfAbsent(row.bucket().bucket(), b -> new ArrayList<>())
                        .add(row.offset());
            }
            assertThat(rows).hasSize(ROWS);
            for (List<Long> offsets : offsetsByBucket.values()) {
                for (int i = 0; i < offsets.size(); i++) {
                    assertThat(offsets.get(i)).isEqualTo(i);
                }
            }
            // The same result again from a fresh bounded read after the failover.
            assertThat(
                            TestTables.readBounded(
                                    FLUSS.connection(),
                                    table,
                                    StartPosition.earliest(),
                                    "id",
                                    "city"))
                    .hasSize(ROWS);
        } finally {
            stop.set(true);
        }
    }

    /** Reads base rows and enriches each one, pausing after a third for the failover. */
    private static int enrichAll(
            EnrichedTable table,
            CountDownLatch firstThirdEnriched,
            CountDownLatch leaderStopped,
            AtomicBoolean stop) {
        int written = 0;
        try (StitchedScanner base = new StitchedScanner(FLUSS.connection(), table, List.of("id"));
                EnrichmentWriter writer =
                        new EnrichmentWriter(FLUSS.connection(), table, "geo", GapPolicy.FAIL)) {
            base.subscribeAll(StartPosition.earliest(), true);
            while (written < ROWS && !stop.get()) {
                for (StitchedRecord row : base.poll(Duration.ofMillis(100))) {
                    writer.write(row.bucket(), row.offset(), city("city" + row.row().getInt(0)));
                    written++;
                    if (written % 100 == 0) {
                        writer.flush();
                    }
                    if (written == ROWS / 3) {
                        writer.flush();
                        firstThirdEnriched.countDown();
                        leaderStopped.await();
                    }
                }
            }
            writer.flush();
            return written;
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    /** Streams stitched rows until all are read. */
    private static List<StitchedRecord> readAll(EnrichedTable table, AtomicBoolean stop) {
        List<StitchedRecord> rows = new ArrayList<>();
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        try (StitchedScanner scanner =
                new StitchedScanner(FLUSS.connection(), table, List.of("id", "city"))) {
            scanner.subscribeAll(StartPosition.earliest(), false);
            while (rows.size() < ROWS && !stop.get() && System.nanoTime() < deadline) {
                rows.addAll(scanner.poll(Duration.ofMillis(100)));
            }
            // Anything more would be a duplicate: give it a moment to show up.
            rows.addAll(scanner.poll(Duration.ofMillis(500)));
            return rows;
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }
}
