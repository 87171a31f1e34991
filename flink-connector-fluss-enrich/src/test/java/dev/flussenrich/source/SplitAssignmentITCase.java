/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.read.BufferBound;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.source.enumerator.BucketEnumerator;
import dev.flussenrich.source.enumerator.BucketEnumeratorState;
import dev.flussenrich.source.split.BucketSplit;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.api.connector.source.mocks.MockSplitEnumeratorContext;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** How the enumerator hands the splits it discovered to the readers. */
@ExtendWith(SharedFlussCluster.class)
class SplitAssignmentITCase {

    private final Connection connection = SharedFlussCluster.connection();

    /**
     * Each reader gets all its splits in one assignment, so it subscribes them together (their
     * offsets looked up at once). Before, each split was its own assignment (4 here, 64 for 64
     * buckets), each subscribed on its own: over a second of start-up at 64 buckets.
     */
    @Test
    void eachReaderGetsAllItsSplitsInOneAssignment() throws Throwable {
        TablePath path = SharedFlussCluster.newTablePath("assign_once");
        new EnrichedTables(connection.getAdmin()).create(path, TestTables.deviceLogs(4), false);
        ScanSettings settings =
                new ScanSettings(
                        FlussConnectionConfig.of(
                                SharedFlussCluster.cluster().bootstrapServers(), Map.of()),
                        path,
                        List.of("id"),
                        StartPosition.earliest(),
                        false,
                        Duration.ofSeconds(10),
                        BufferBound.DEFAULT);
        try (MockSplitEnumeratorContext<BucketSplit> context = new MockSplitEnumeratorContext<>(2);
                BucketEnumerator enumerator =
                        new BucketEnumerator(
                                context,
                                settings,
                                new BucketEnumeratorState(Set.of(), List.of(), false))) {
            for (int reader = 0; reader < 2; reader++) {
                context.registerReader(new ReaderInfo(reader, "localhost"));
                enumerator.addReader(reader);
            }
            enumerator.start();
            context.runPeriodicCallable(0);

            List<SplitsAssignment<BucketSplit>> assignments = context.getSplitsAssignmentSequence();
            assertThat(assignments).hasSize(1);
            Map<Integer, List<BucketSplit>> byReader = assignments.get(0).assignment();
            assertThat(byReader.keySet()).containsExactlyInAnyOrder(0, 1);
            assertThat(byReader.get(0).stream().map(BucketSplit::bucket))
                    .containsExactly(EnrichedBucket.of(0), EnrichedBucket.of(2));
            assertThat(byReader.get(1).stream().map(BucketSplit::bucket))
                    .containsExactly(EnrichedBucket.of(1), EnrichedBucket.of(3));
        }
    }
}
