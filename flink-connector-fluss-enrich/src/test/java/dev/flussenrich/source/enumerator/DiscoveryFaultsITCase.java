/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.enumerator;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.core.read.BufferBound;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.source.ScanSettings;
import dev.flussenrich.source.split.BucketSplit;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.admin.OffsetSpec;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.api.connector.source.mocks.MockSplitEnumeratorContext;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static dev.flussenrich.core.internal.FlussCalls.isPartitionGone;
import static dev.flussenrich.core.internal.FlussCalls.pause;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Faults of a streaming read's partition discovery, each put between the listing of the partitions
 * and the lookup of their offsets (where the chaos soak met them): a partition that goes away, a
 * connection that breaks, and the enumerator closed by a cancel or failover. Before, each failed
 * the job ("Could not list the buckets of ..."), a failover the restart strategy had to absorb.
 */
@ExtendWith(SharedFlussCluster.class)
class DiscoveryFaultsITCase {

    private static final String KEPT = "2026-03-01";
    private static final String EXPIRING = "2026-03-02";

    private final Connection connection = SharedFlussCluster.connection();

    @Test
    void aPartitionThatExpiresDuringDiscoveryIsLeftOutAndTheRestIsAssigned() throws Throwable {
        TablePath path = partitionedTable("discovery_expiry");
        Consumer<BucketDiscovery> dropOnce =
                once(discovery -> dropPartition(path, EXPIRING), new AtomicInteger());

        List<BucketSplit> assigned = discoverWith(path, dropOnce);

        assertThat(assigned).containsExactly(split(path, KEPT));
    }

    @Test
    void aDiscoveryWhoseConnectionBrokeIsDoneAgainOnANewOne() throws Throwable {
        TablePath path = partitionedTable("discovery_broken");
        AtomicInteger opened = new AtomicInteger();
        Consumer<BucketDiscovery> breakOnce =
                once(DiscoveryFaultsITCase::breakConnection, new AtomicInteger());

        List<BucketSplit> assigned =
                discoverOnce(
                        path,
                        settings -> {
                            opened.incrementAndGet();
                            return new BucketDiscovery(settings, breakOnce);
                        });

        assertThat(assigned).containsExactly(split(path, KEPT), split(path, EXPIRING));
        assertThat(opened).as("connections opened").hasValue(2);
    }

    @Test
    void aConnectionThatStaysBrokenFailsTheJobAfterThreeAttempts() throws Exception {
        TablePath path = partitionedTable("discovery_dead");
        AtomicInteger attempts = new AtomicInteger();
        try (MockSplitEnumeratorContext<BucketSplit> context = new MockSplitEnumeratorContext<>(1);
                BucketEnumerator enumerator =
                        enumeratorWith(
                                context,
                                path,
                                discovery -> {
                                    attempts.incrementAndGet();
                                    breakConnection(discovery);
                                })) {
            enumerator.start();
            assertThatThrownBy(() -> context.runPeriodicCallable(0))
                    .hasMessage("Could not list the buckets of " + path + " (3 attempts)");
        }
        assertThat(attempts).hasValue(BucketEnumerator.DISCOVERY_ATTEMPTS);
    }

    @Test
    void aDiscoveryStillRunningWhenTheEnumeratorClosesReportsNothing() throws Throwable {
        TablePath path = partitionedTable("discovery_closed");
        List<BucketEnumerator> enumerators = new ArrayList<>();
        try (MockSplitEnumeratorContext<BucketSplit> context = new MockSplitEnumeratorContext<>(1);
                BucketEnumerator enumerator =
                        enumeratorWith(
                                context, path, discovery -> closeQuietly(enumerators.get(0)))) {
            enumerators.add(enumerator);
            context.registerReader(new ReaderInfo(0, "localhost"));
            enumerator.addReader(0);
            enumerator.start();

            context.runPeriodicCallable(0); // threw "Could not list the buckets" before

            assertThat(context.getSplitsAssignmentSequence()).isEmpty();
            assertThat(enumerator.snapshotState(1).assignedBuckets()).isEmpty();
        }
    }

    // ---------------------------------------------------------------------------------------

    /** A table partitioned by day with the partitions {@link #KEPT} and {@link #EXPIRING}. */
    private TablePath partitionedTable(String prefix) throws Exception {
        TablePath path = SharedFlussCluster.newTablePath(prefix);
        new EnrichedTables(connection.getAdmin())
                .create(path, TestTables.partitionedByDay(1), false);
        TableInfo info = await(connection.getAdmin().getTableInfo(path));
        PartitionCreator partitions = new PartitionCreator(connection.getAdmin(), info);
        partitions.ensure(KEPT);
        partitions.ensure(EXPIRING);
        return path;
    }

    /**
     * Drops a partition and waits until the servers' metadata no longer has it. The drop returns
     * before the tablet server's metadata cache forgets the partition; a lookup in between still
     * finds it (and its not yet deleted replica answers), so the discovery would not meet the fault
     * under test.
     */
    private void dropPartition(TablePath path, String partition) {
        await(
                connection
                        .getAdmin()
                        .dropPartition(path, new PartitionSpec(Map.of("dt", partition)), false));
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (freshLookupFinds(path, partition)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "Partition " + partition + " still found 30 s after its drop");
            }
            pause(50, "the drop of partition " + partition);
        }
    }

    /** Whether a new connection (no cached metadata) still finds the offsets of a partition. */
    private static boolean freshLookupFinds(TablePath path, String partition) {
        try (Connection fresh =
                ConnectionFactory.createConnection(SharedFlussCluster.cluster().clientConfig())) {
            await(
                    fresh.getAdmin()
                            .listOffsets(path, partition, List.of(0), new OffsetSpec.EarliestSpec())
                            .bucketResult(0));
            return true;
        } catch (RuntimeException e) {
            if (isPartitionGone(e)) {
                return false;
            }
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private List<BucketSplit> discoverWith(TablePath path, Consumer<BucketDiscovery> afterListing)
            throws Throwable {
        return discoverOnce(path, settings -> new BucketDiscovery(settings, afterListing));
    }

    /** The splits the first discovery of a streaming read assigns to its one reader. */
    private List<BucketSplit> discoverOnce(
            TablePath path, Function<ScanSettings, BucketDiscovery> discoveries) throws Throwable {
        try (MockSplitEnumeratorContext<BucketSplit> context = new MockSplitEnumeratorContext<>(1);
                BucketEnumerator enumerator = enumerator(context, path, discoveries)) {
            context.registerReader(new ReaderInfo(0, "localhost"));
            enumerator.addReader(0);
            enumerator.start();
            context.runPeriodicCallable(0);
            List<BucketSplit> assigned = new ArrayList<>();
            for (SplitsAssignment<BucketSplit> assignment : context.getSplitsAssignmentSequence()) {
                assignment.assignment().values().forEach(assigned::addAll);
            }
            return assigned;
        }
    }

    private BucketEnumerator enumeratorWith(
            MockSplitEnumeratorContext<BucketSplit> context,
            TablePath path,
            Consumer<BucketDiscovery> afterListing) {
        return enumerator(context, path, settings -> new BucketDiscovery(settings, afterListing));
    }

    private BucketEnumerator enumerator(
            MockSplitEnumeratorContext<BucketSplit> context,
            TablePath path,
            Function<ScanSettings, BucketDiscovery> discoveries) {
        ScanSettings settings =
                new ScanSettings(
                        FlussConnectionConfig.of(
                                SharedFlussCluster.cluster().bootstrapServers(), Map.of()),
                        path,
                        List.of("id", "city"),
                        StartPosition.earliest(),
                        false,
                        Duration.ofSeconds(10),
                        BufferBound.DEFAULT);
        return new BucketEnumerator(
                context,
                settings,
                new BucketEnumeratorState(Set.of(), List.of(), false),
                discoveries);
    }

    private BucketSplit split(TablePath path, String partition) {
        long tableId = await(connection.getAdmin().getTableInfo(path)).getTableId();
        return new BucketSplit(EnrichedBucket.of(partition, 0), 0, BucketSplit.UNBOUNDED, tableId);
    }

    /** {@code fault} at the first call only. */
    private static Consumer<BucketDiscovery> once(
            Consumer<BucketDiscovery> fault, AtomicInteger calls) {
        return discovery -> {
            if (calls.getAndIncrement() == 0) {
                fault.accept(discovery);
            }
        };
    }

    private static void closeQuietly(BucketEnumerator enumerator) {
        try {
            enumerator.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Closes a discovery's connection under it: its next calls fail as on a broken one. */
    private static void breakConnection(BucketDiscovery discovery) {
        try {
            discovery.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
