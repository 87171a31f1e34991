/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.api.connector.source.SupportsIntermediateNoMoreSplits;
import org.apache.flink.connector.base.source.hybrid.HybridSourceEnumeratorState;
import org.apache.flink.connector.base.source.hybrid.HybridSourceSplit;
import org.apache.flink.connector.base.source.hybrid.SourceReaderFinishedEvent;
import org.apache.flink.connector.base.source.hybrid.SwitchSourceEvent;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.data.RowData;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;

import static dev.flussenrich.lake.source.LakeSnapshotReaderTest.emptyLake;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The union read's enumerator through task failovers, driven as Flink's source coordinator does: a
 * failover gives back the failed reader's splits, registers both readers again, and each sends the
 * hybrid reader's first event. Flink's own hybrid enumerator does the work underneath.
 */
class LakeThenLogEnumeratorTest {

    private final Recording context = new Recording();
    private final SplitEnumerator<HybridSourceSplit, HybridSourceEnumeratorState> enumerator =
            new LakeThenLogSource(emptyLake(), new PushedSplits()).createEnumerator(context);

    @Test
    void aReaderThatFinishedTheLakeBeforeAFailoverMustFinishItAgainBeforeTheSwitch()
            throws Exception {
        enumerator.start();
        registerBoth();
        finishLakePart(1);

        // Reader 0 fails mid-split; both tasks restart and its split comes back.
        enumerator.addSplitsBack(List.of(lakeSplit()), 0);
        enumerator.addSplitsBack(List.of(), 1);
        registerBoth();
        enumerator.handleSplitRequest(1, null);
        assertThat(context.assigned).containsExactly("1<-lake-7-0");
        finishLakePart(0);

        // Before: reader 1 still counted as finished from before the failover, so both readers
        // switched to the log part here, and reader 1's lake split was cut off.
        assertThat(context.switches).containsExactly("0->0", "1->0", "0->0", "1->0");
        finishLakePart(1);
        assertThat(context.switches).endsWith("0->1", "1->1");
    }

    @Test
    void aReaderRestartedInTheLogPartFinishesTheLakePartAgainAndMovesOn() throws Exception {
        enumerator.start();
        registerBoth();
        finishLakePart(0);
        finishLakePart(1);
        assertThat(context.switches).endsWith("0->1", "1->1");

        // Reader 1 fails in the log part; its checkpoint predates the switch, or it has no log
        // split (more readers than buckets). Flink starts it in the lake part again.
        enumerator.addSplitsBack(List.of(), 1);
        enumerator.addReader(1);
        enumerator.handleSourceEvent(1, new SourceReaderFinishedEvent(-1));
        assertThat(context.switches).last().isEqualTo("1->0");

        // Before: its split request went to the log enumerator, which never answers, and the
        // reader stayed in the lake part for good.
        finishLakePart(1);
        assertThat(context.switches).last().isEqualTo("1->1");
    }

    /** Registers readers 0 and 1 and sends each one's first event, as a new hybrid reader does. */
    private void registerBoth() {
        for (int reader = 0; reader < 2; reader++) {
            enumerator.addReader(reader);
            enumerator.handleSourceEvent(reader, new SourceReaderFinishedEvent(-1));
        }
    }

    /** The reader asks for a split, is told none will come, and reports the lake part done. */
    private void finishLakePart(int reader) {
        context.toldNoMoreSplits.clear();
        enumerator.handleSplitRequest(reader, null);
        assertThat(context.toldNoMoreSplits).containsExactly(reader);
        enumerator.handleSourceEvent(reader, new SourceReaderFinishedEvent(0));
    }

    private static HybridSourceSplit lakeSplit() throws Exception {
        LakeSplit split = new LakeSplit("lake-7-0", new byte[] {1, 2, 3}, 2);
        return new HybridSourceSplit(
                0,
                LakeSplit.Serializer.INSTANCE.serialize(split),
                LakeSplit.Serializer.INSTANCE.getVersion(),
                split.splitId());
    }

    /**
     * The log part's stand-in: like the Fluss source, its enumerator pushes splits and ignores
     * requests for them. It has none to push here.
     */
    private static final class PushedSplits implements Source<RowData, LakeSplit, List<LakeSplit>> {
        @Override
        public Boundedness getBoundedness() {
            return Boundedness.BOUNDED;
        }

        @Override
        public SplitEnumerator<LakeSplit, List<LakeSplit>> createEnumerator(
                SplitEnumeratorContext<LakeSplit> context) {
            return new SplitEnumerator<>() {
                @Override
                public void start() {}

                @Override
                public void handleSplitRequest(int subtaskId, String requesterHostname) {}

                @Override
                public void addSplitsBack(List<LakeSplit> splits, int subtaskId) {}

                @Override
                public void addReader(int subtaskId) {}

                @Override
                public List<LakeSplit> snapshotState(long checkpointId) {
                    return List.of();
                }

                @Override
                public void close() {}
            };
        }

        @Override
        public SplitEnumerator<LakeSplit, List<LakeSplit>> restoreEnumerator(
                SplitEnumeratorContext<LakeSplit> context, List<LakeSplit> checkpoint) {
            return createEnumerator(context);
        }

        @Override
        public SourceReader<RowData, LakeSplit> createReader(SourceReaderContext context) {
            throw new UnsupportedOperationException("enumerator tests create no readers");
        }

        @Override
        public SimpleVersionedSerializer<LakeSplit> getSplitSerializer() {
            return LakeSplit.Serializer.INSTANCE;
        }

        @Override
        public SimpleVersionedSerializer<List<LakeSplit>> getEnumeratorCheckpointSerializer() {
            return new LakeSplitsSerializer();
        }
    }

    /** Records what the enumerator tells readers; two readers are registered. */
    private static final class Recording
            implements SplitEnumeratorContext<HybridSourceSplit>, SupportsIntermediateNoMoreSplits {
        final List<String> switches = new ArrayList<>();
        final List<String> assigned = new ArrayList<>();
        final List<Integer> toldNoMoreSplits = new ArrayList<>();

        @Override
        public void sendEventToSourceReader(int subtaskId, SourceEvent event) {
            switches.add(subtaskId + "->" + ((SwitchSourceEvent) event).sourceIndex());
        }

        @Override
        public void assignSplits(SplitsAssignment<HybridSourceSplit> assignment) {
            assignment
                    .assignment()
                    .forEach(
                            (reader, splits) ->
                                    splits.forEach(s -> assigned.add(reader + "<-" + s.splitId())));
        }

        @Override
        public void signalNoMoreSplits(int subtask) {
            toldNoMoreSplits.add(subtask);
        }

        @Override
        public void signalIntermediateNoMoreSplits(int subtask) {
            toldNoMoreSplits.add(subtask);
        }

        @Override
        public int currentParallelism() {
            return 2;
        }

        @Override
        public Map<Integer, ReaderInfo> registeredReaders() {
            return Map.of(0, new ReaderInfo(0, "localhost"), 1, new ReaderInfo(1, "localhost"));
        }

        @Override
        public SplitEnumeratorMetricGroup metricGroup() {
            return UnregisteredMetricsGroup.createSplitEnumeratorMetricGroup();
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
            throw new UnsupportedOperationException("the lake enumerator calls nothing async");
        }

        @Override
        public <T> void callAsync(
                Callable<T> callable,
                BiConsumer<T, Throwable> handler,
                long initialDelay,
                long period) {
            throw new UnsupportedOperationException("the lake enumerator calls nothing async");
        }

        @Override
        public void runInCoordinatorThread(Runnable runnable) {
            runnable.run();
        }

        @Override
        public void setIsProcessingBacklog(boolean isProcessingBacklog) {}
    }
}
