/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.ProgressLookups;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.flussenrich.testutils.TestTables.appendBase;
import static dev.flussenrich.testutils.TestTables.bucket0;
import static dev.flussenrich.testutils.TestTables.city;
import static dev.flussenrich.testutils.TestTables.createDeviceLogs;
import static dev.flussenrich.testutils.TestTables.enrichEveryRowWithCity;
import static dev.flussenrich.testutils.TestTables.readBounded;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fault: a second writer of the same group far behind the first (a resubmitted job while the old
 * one still runs, a zombie attempt) appends thousands of late duplicates. Before the fix the
 * watermark was derived from the last 10,000 companion rows only and fell to the slow writer's
 * position, so the leading job's restore failed with a gap error.
 */
@ExtendWith(SharedFlussCluster.class)
class EnrichmentWatermarksITCase {

    private static final String CHECKPOINT_ROWS = "fluss-enrich.watermark.checkpoint-rows";

    private Connection connection;
    private TablePath path;
    private EnrichedTable table;

    @BeforeEach
    void createTable() throws Exception {
        connection = SharedFlussCluster.connection();
        path = SharedFlussCluster.newTablePath("watermarks");
        table = createDeviceLogs(connection, path, 1);
    }

    @AfterEach
    void defaultCheckpoints() {
        System.clearProperty(CHECKPOINT_ROWS);
    }

    /** A tail made only of duplicates: the slow writer appended more rows than the old window. */
    @ParameterizedTest(name = "checkpoint every {0} rows")
    @ValueSource(longs = {10_000, 1_000})
    void aTailMadeOnlyOfLateDuplicatesKeepsTheLeadersWatermark(long checkpointRows)
            throws Exception {
        System.setProperty(CHECKPOINT_ROWS, String.valueOf(checkpointRows));
        appendBase(connection, path, 0, 12_500);
        try (EnrichmentWriter slow = writer()) {
            assertThat(slow.watermark(bucket0())).isEqualTo(0); // started before the leader
            try (EnrichmentWriter leader = writer()) {
                write(leader, 0, 12_000, "L");
            }
            write(slow, 0, 10_500, "S");
        }

        assertThat(watermark()).isEqualTo(12_000);
        try (EnrichmentWriter restoredLeader = writer()) {
            write(restoredLeader, 11_500, 12_500, "L"); // replays from its last checkpoint
            assertThat(restoredLeader.stats())
                    .isEqualTo(new EnrichmentWriter.Stats(500, 500, 0, 0));
        }
        assertThat(watermark()).isEqualTo(12_500);
        assertEveryRowOnceFromTheLeader(12_500);
    }

    /** Duplicates inside the tail, interleaved with the leader, across several leader restarts. */
    @ParameterizedTest(name = "checkpoint every {0} rows")
    @ValueSource(longs = {10_000, 700})
    void lateDuplicatesInterleavedAcrossRestartsNeverLowerIt(long checkpointRows) throws Exception {
        System.setProperty(CHECKPOINT_ROWS, String.valueOf(checkpointRows));
        appendBase(connection, path, 0, 20_000);
        try (EnrichmentWriter slow = writer()) {
            assertThat(slow.watermark(bucket0())).isEqualTo(0);
            int leaderEnd = 0;
            int slowEnd = 0;
            for (int round = 1; round <= 4; round++) {
                try (EnrichmentWriter leader = writer()) {
                    // Each restart replays the last 300 rows before going on.
                    write(leader, Math.max(0, leaderEnd - 300), leaderEnd + 5_000, "L");
                }
                leaderEnd += 5_000;
                write(slow, slowEnd, slowEnd + 3_000, "S");
                slowEnd += 3_000;
                assertThat(watermark()).as("after round %d", round).isEqualTo(leaderEnd);
            }
        }
        assertEveryRowOnceFromTheLeader(20_000);
    }

    @Test
    void checkpointsLiveInAHiddenTableDroppedWithTheLogicalTable() throws Exception {
        System.setProperty(CHECKPOINT_ROWS, "100");
        appendBase(connection, path, 0, 300);
        try (EnrichmentWriter writer = writer()) {
            write(writer, 0, 300, "L");
        }
        TablePath progress = EnrichedTableLayout.progressPath(path);
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        assertThat(connection.getAdmin().tableExists(progress).get()).isTrue();
        assertThat(tables.listTables(path.getDatabaseName()))
                .contains(path.getTableName())
                .doesNotContain(progress.getTableName());
        long companionId =
                connection
                        .getAdmin()
                        .getTableInfo(table.requireGroup("geo").companionPath())
                        .get()
                        .getTableId();
        ProgressCheckpoints.Checkpoint stored;
        try (ProgressCheckpoints checkpoints = new ProgressCheckpoints(connection, path)) {
            stored =
                    checkpoints
                            .find(new ProgressCheckpoints.Key(companionId, null, 0))
                            .orElseThrow();
        }
        assertThat(stored.position()).as("the companion's high watermark").isEqualTo(300);
        assertThat(stored.written().completeBelow()).isEqualTo(300);
        assertThat(watermark()).isEqualTo(300);

        tables.drop(path, false);
        assertThat(connection.getAdmin().tableExists(progress).get()).isFalse();
    }

    /**
     * Defect: the checkpoints of a lookup's buckets were looked up one after another, and Fluss's
     * lookup client sends a batch only when its batch timeout (100 ms) ends, so each cost up to 100
     * ms: a bounded read of 16 buckets took 1.6-2.3 s to find its stop offsets. Every lookup is now
     * sent before any answer is waited for.
     */
    @Test
    void theCheckpointsOfManyBucketsAreLookedUpTogether() throws Exception {
        System.setProperty(CHECKPOINT_ROWS, "10");
        TablePath fourBuckets = SharedFlussCluster.newTablePath("watermarks_four_buckets");
        EnrichedTable wide = createDeviceLogs(connection, fourBuckets, 4);
        appendBase(connection, fourBuckets, 0, 200);
        enrichEveryRowWithCity(connection, wide);
        List<EnrichedBucket> buckets = new ArrayList<>();
        for (int bucket = 0; bucket < 4; bucket++) {
            buckets.add(EnrichedBucket.of(bucket));
        }
        Map<EnrichedBucket, Long> highWatermarks =
                new BucketOffsets(connection).highWatermarks(fourBuckets, buckets);
        // The first lookup reads every companion row and stores a checkpoint per bucket.
        assertThat(new EnrichmentWatermarks(connection, wide).frontiers(List.of("geo"), buckets))
                .isEqualTo(highWatermarks);

        List<String> calls = Collections.synchronizedList(new ArrayList<>());
        Connection observed = ProgressLookups.observed(connection, fourBuckets, calls);
        assertThat(new EnrichmentWatermarks(observed, wide).frontiers(List.of("geo"), buckets))
                .isEqualTo(highWatermarks);
        assertThat(calls)
                .as("checkpoint lookups sent, and answers waited for, in order")
                .containsExactly(
                        "lookup", "lookup", "lookup", "lookup", "await", "await", "await", "await");
    }

    private EnrichmentWriter writer() {
        return new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL);
    }

    private static void write(EnrichmentWriter writer, int from, int to, String who) {
        for (int offset = from; offset < to; offset++) {
            writer.write(bucket0(), offset, city(who + offset));
        }
        writer.flush();
    }

    private long watermark() {
        return new EnrichmentWatermarks(connection, table).watermark("geo", bucket0());
    }

    private void assertEveryRowOnceFromTheLeader(int rows) throws Exception {
        List<StitchedRecord> read =
                readBounded(connection, table, StartPosition.earliest(), "id", "city");
        Map<Long, String> cities = new HashMap<>();
        int duplicated = 0;
        int partial = 0;
        for (StitchedRecord record : read) {
            String city = record.row().isNullAt(1) ? null : record.row().getString(1).toString();
            if (cities.put(record.offset(), city) != null) {
                duplicated++;
            }
            if (!("L" + record.offset()).equals(city)) {
                partial++;
            }
        }
        int lost = 0;
        for (long offset = 0; offset < rows; offset++) {
            if (!cities.containsKey(offset)) {
                lost++;
            }
        }
        assertThat(List.of(lost, duplicated, partial, read.size()))
                .as("lost, duplicated, partial (or not the first row written), rows read")
                .containsExactly(0, 0, 0, rows);
    }
}
