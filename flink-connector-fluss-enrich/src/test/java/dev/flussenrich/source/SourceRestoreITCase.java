/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.core.read.BufferBound;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.metrics.StitchedReaderMetrics;
import dev.flussenrich.source.enumerator.BucketEnumerator;
import dev.flussenrich.source.enumerator.BucketEnumeratorState;
import dev.flussenrich.source.enumerator.BucketEnumeratorStateSerializer;
import dev.flussenrich.source.reader.StitchedSplitReader;
import dev.flussenrich.source.split.BucketSplit;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.types.DataTypes;

import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.api.connector.source.mocks.MockSplitEnumeratorContext;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.execution.SuppressRestartsException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Faults of restoring a source: state from before a partition existed, a re-created table. */
@ExtendWith(SharedFlussCluster.class)
class SourceRestoreITCase {

    private final Connection connection = SharedFlussCluster.connection();

    private ScanSettings settings(TablePath path, StartPosition start) {
        return new ScanSettings(
                FlussConnectionConfig.of(SharedFlussCluster.cluster().bootstrapServers(), Map.of()),
                path,
                List.of("id"),
                start,
                false,
                Duration.ofSeconds(10),
                BufferBound.DEFAULT);
    }

    /**
     * A job reading from 'latest' checkpointed before the table had a partition; a partition with
     * rows was created, then the job restored. Its first discovery after the restore is not the
     * job's first: the new partition is read from its earliest offset, as any partition created
     * while the job runs (before the fix, the restore applied 'latest' again and skipped the rows).
     */
    @Test
    void aRestoreWithEmptyStateReadsNewPartitionsFromTheirStart() throws Throwable {
        TablePath path = SharedFlussCluster.newTablePath("restore_latest");
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(path, TestTables.partitionedByDay(1), false);
        ScanSettings settings = settings(path, StartPosition.latest());

        byte[] checkpoint;
        try (MockSplitEnumeratorContext<BucketSplit> context = new MockSplitEnumeratorContext<>(1);
                BucketEnumerator first =
                        new BucketEnumerator(
                                context,
                                settings,
                                new BucketEnumeratorState(java.util.Set.of(), List.of(), false))) {
            first.start();
            context.runPeriodicCallable(0);
            checkpoint = BucketEnumeratorStateSerializer.INSTANCE.serialize(first.snapshotState(1));
        }

        new PartitionCreator(connection.getAdmin(), await(connection.getAdmin().getTableInfo(path)))
                .ensure("2026-03-01");
        try (Table base = connection.getTable(path)) {
            AppendWriter writer = base.newAppend().createWriter();
            for (int id = 0; id < 3; id++) {
                writer.append(GenericRow.of(id, BinaryString.fromString("2026-03-01")));
            }
            writer.flush();
        }

        BucketEnumeratorState restored =
                BucketEnumeratorStateSerializer.INSTANCE.deserialize(
                        BucketEnumeratorStateSerializer.INSTANCE.getVersion(), checkpoint);
        try (MockSplitEnumeratorContext<BucketSplit> context = new MockSplitEnumeratorContext<>(1);
                BucketEnumerator second = new BucketEnumerator(context, settings, restored)) {
            context.registerReader(new ReaderInfo(0, "localhost"));
            second.start();
            second.addReader(0);
            context.runPeriodicCallable(0);
            List<BucketSplit> assigned = new ArrayList<>();
            for (SplitsAssignment<BucketSplit> assignment : context.getSplitsAssignmentSequence()) {
                assignment.assignment().values().forEach(assigned::addAll);
            }
            long tableId = await(connection.getAdmin().getTableInfo(path)).getTableId();
            assertThat(assigned)
                    .containsExactly(
                            new BucketSplit(
                                    EnrichedBucket.of("2026-03-01", 0),
                                    0,
                                    BucketSplit.UNBOUNDED,
                                    tableId));
        }
    }

    /**
     * A bounded read whose readers register one after the other: each is told once that no split
     * will come. Before, every registration told every reader again, and a second signal to a
     * reader that had finished in between failed the job ("An OperatorEvent from an
     * OperatorCoordinator to a task was lost ... Task is not running, but in state FINISHED").
     */
    @Test
    void aBoundedReadTellsEachReaderOnceThatNoSplitWillCome() throws Throwable {
        TablePath path = SharedFlussCluster.newTablePath("bounded_signal");
        new EnrichedTables(connection.getAdmin()).create(path, TestTables.deviceLogs(1), false);
        ScanSettings settings = settings(path, StartPosition.earliest());
        ScanSettings bounded =
                new ScanSettings(
                        settings.connection(),
                        settings.table(),
                        settings.columns(),
                        settings.start(),
                        true,
                        settings.partitionDiscoveryInterval(),
                        settings.bufferBound());
        Map<Integer, Integer> signals = new HashMap<>();
        try (MockSplitEnumeratorContext<BucketSplit> context =
                        new MockSplitEnumeratorContext<>(2) {
                            @Override
                            public void signalNoMoreSplits(int subtask) {
                                signals.merge(subtask, 1, Integer::sum);
                                super.signalNoMoreSplits(subtask);
                            }
                        };
                BucketEnumerator enumerator =
                        new BucketEnumerator(
                                context,
                                bounded,
                                new BucketEnumeratorState(Set.of(), List.of(), false))) {
            context.registerReader(new ReaderInfo(1, "localhost"));
            enumerator.addReader(1);
            enumerator.start();
            context.runNextOneTimeCallable();
            context.registerReader(new ReaderInfo(0, "localhost"));
            enumerator.addReader(0);
        }
        assertThat(signals).isEqualTo(Map.of(0, 1, 1, 1));
    }

    /**
     * A table dropped and created again under the same name between a checkpoint and its restore:
     * the checkpointed offsets belong to the old table, so the restore fails, without restarts,
     * instead of reading the new table from the old offsets.
     */
    @Test
    void aSplitOfADroppedAndRecreatedTableFailsTheRestore() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("restore_recreated");
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        TableDescriptor descriptor =
                TableDescriptor.builder()
                        .schema(
                                Schema.newBuilder()
                                        .column("id", DataTypes.INT())
                                        .column("city", DataTypes.STRING())
                                        .build())
                        .distributedBy(1)
                        .customProperty("column-groups.geo", "city")
                        .build();
        tables.create(path, descriptor, false);
        EnrichedTable dropped = tables.load(path);
        tables.drop(path, false);
        tables.create(path, descriptor, false);
        long current = tables.load(path).base().getTableId();

        try (StitchedSplitReader reader =
                new StitchedSplitReader(
                        settings(path, StartPosition.earliest()),
                        new StitchedReaderMetrics(
                                UnregisteredMetricsGroup.createSourceReaderMetricGroup()))) {
            BucketSplit restored =
                    new BucketSplit(
                            EnrichedBucket.of(0),
                            42,
                            BucketSplit.UNBOUNDED,
                            dropped.base().getTableId());
            assertThatThrownBy(
                            () ->
                                    reader.handleSplitsChanges(
                                            new SplitsAddition<>(List.of(restored))))
                    .isInstanceOf(SuppressRestartsException.class)
                    .hasRootCauseMessage(
                            "Table '"
                                    + path
                                    + "' was dropped and created again since this job's checkpoint"
                                    + " (table id "
                                    + dropped.base().getTableId()
                                    + ", now "
                                    + current
                                    + "): the checkpointed offsets of bucket 0 belong to the"
                                    + " dropped table. Start the job without its checkpoint or"
                                    + " savepoint.");
        }
    }
}
