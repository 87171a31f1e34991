/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.testutils.ProgressLookups;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.flussenrich.testutils.TestTables.appendBase;
import static dev.flussenrich.testutils.TestTables.createDeviceLogs;
import static dev.flussenrich.testutils.TestTables.enrichEveryRowWithCity;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The check a backfill makes before it reads: every group to fill has reached the lake. */
@ExtendWith(SharedFlussCluster.class)
class BackfillValuesITCase {

    private static final int BUCKETS = 4;
    private static final String CHECKPOINT_ROWS = "fluss-enrich.watermark.checkpoint-rows";

    private Connection connection;
    private TablePath path;
    private EnrichedTable table;

    /** Four buckets, 200 rows, all enriched by group {@code geo}. */
    @BeforeEach
    void enrichEveryRow() throws Exception {
        connection = SharedFlussCluster.connection();
        path = SharedFlussCluster.newTablePath("backfill_values");
        table = createDeviceLogs(connection, path, BUCKETS);
        appendBase(connection, path, 0, 200);
        enrichEveryRowWithCity(connection, table);
    }

    @AfterEach
    void defaultCheckpoints() {
        System.clearProperty(CHECKPOINT_ROWS);
    }

    /**
     * Each bucket's check cost a lookup window of Fluss's lookup client (100 ms) while they were
     * looked up one by one: a lake of 64 buckets and 30 partitions took minutes to check.
     */
    @Test
    void theBucketsAreCheckedTogether() throws Exception {
        System.setProperty(CHECKPOINT_ROWS, "10");
        Map<EnrichedBucket, Long> lake = lakeUpTo(highWatermarks());
        // The first check reads every companion row and stores a checkpoint per bucket.
        new BackfillValues(connection, table, List.of("city"), properties(lake)).close();
        List<String> calls = Collections.synchronizedList(new ArrayList<>());
        Connection observed = ProgressLookups.observed(connection, path, calls);

        try (BackfillValues values =
                new BackfillValues(observed, table, List.of("city"), properties(lake))) {
            assertThat(values.lakeOffsets()).isEqualTo(lake);
        }
        assertThat(calls)
                .as("checkpoint lookups sent, and answers waited for, in order")
                .containsExactly(
                        "lookup", "lookup", "lookup", "lookup", "await", "await", "await", "await");
    }

    @Test
    void aBucketTheGroupHasNotReachedIsNamed() throws Exception {
        Map<EnrichedBucket, Long> lake = lakeUpTo(highWatermarks());
        EnrichedBucket behind = EnrichedBucket.of(2);
        long enriched = lake.get(behind);
        lake.put(behind, enriched + 5);

        assertThatThrownBy(
                        () ->
                                new BackfillValues(
                                        connection, table, List.of("city"), properties(lake)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "Cannot fill the lake of '%s' with columns [city] yet: their groups [geo]"
                                + " have enriched bucket 2 up to offset %d, but the lake holds its"
                                + " rows up to offset %d. Let the groups' enrichment jobs catch"
                                + " up, then start the tiering again; until then lake reads leave"
                                + " these columns out.",
                        path, enriched, enriched + 5);
    }

    private Map<EnrichedBucket, Long> highWatermarks() {
        List<EnrichedBucket> buckets = new ArrayList<>();
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            buckets.add(EnrichedBucket.of(bucket));
        }
        return new BucketOffsets(connection).highWatermarks(path, buckets);
    }

    private static Map<EnrichedBucket, Long> lakeUpTo(Map<EnrichedBucket, Long> offsets) {
        assertThat(offsets.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(200);
        return new HashMap<>(offsets);
    }

    /** A lake snapshot's properties holding the rows below {@code lake}'s offsets. */
    private static Map<String, String> properties(Map<EnrichedBucket, Long> lake) {
        Map<String, String> properties = new HashMap<>();
        lake.forEach(
                (bucket, offset) ->
                        properties.put(LakeOffsets.PREFIX + bucket.bucket(), "" + offset));
        return properties;
    }
}
