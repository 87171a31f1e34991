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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
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

    private Recording context = new Recording(2);
    private PushedSplits logPart = new PushedSplits();
    private SplitEnumerator<HybridSourceSplit, HybridSourceEnumeratorState> enumerator =
            new LakeThenLogSource(emptyLake(), logPart).createEnumerator(context);

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

    /**
     * Every reader restarts at once (one reader, or a failover of the whole job region) after the
     * switch, with nothing restored: Flink starts each in the lake part again. The log part's
     * periodic discovery must not hand them its splits until they are back on the log part.
     */
    @ParameterizedTest(name = "{0} reader(s)")
    @ValueSource(ints = {1, 2})
    void logSplitsWaitForReadersThatAreBackInTheLakePart(int readers) throws Exception {
        context = new Recording(readers);
        List<String> logSplits = new ArrayList<>();
        for (int reader = 0; reader < readers; reader++) {
            logSplits.add("log-" + reader);
        }
        logPart = new PushedSplits(logSplits);
        enumerator = new LakeThenLogSource(emptyLake(), logPart).createEnumerator(context);
        enumerator.start();
        register(readers);
        for (int reader = 0; reader < readers; reader++) {
            finishLakePart(reader);
        }
        List<String> firstRound = new ArrayList<>();
        for (int reader = 0; reader < readers; reader++) {
            firstRound.add(reader + "<-log-" + reader);
        }
        assertThat(context.assigned).containsExactlyInAnyOrderElementsOf(firstRound);

        // The tasks fail in the log part; their log splits come back, and all readers restart.
        for (int reader = 0; reader < readers; reader++) {
            enumerator.addSplitsBack(List.of(logSplit("log-" + reader)), reader);
        }
        register(readers);
        assertThat(context.switches).endsWith(expectedSwitches(readers, 0));

        // Discovery runs while they re-read the lake part. Before: the log part saw every reader
        // as its own (all were on one part, the lake's) and assigned its splits to readers on the
        // lake part; Flink's HybridSourceReader fails on them, on every discovery, for good.
        logPart.discover();
        assertThat(context.assigned).containsExactlyInAnyOrderElementsOf(firstRound);

        for (int reader = 0; reader < readers; reader++) {
            finishLakePart(reader);
        }
        assertThat(context.switches).endsWith(expectedSwitches(readers, 1));
        assertThat(context.assigned).hasSize(2 * readers).containsAll(firstRound);
        logPart.discover();
        assertThat(context.assigned).as("each split once per attempt").hasSize(2 * readers);
    }

    private static String[] expectedSwitches(int readers, int part) {
        String[] switches = new String[readers];
        for (int reader = 0; reader < readers; reader++) {
            switches[reader] = reader + "->" + part;
        }
        return switches;
    }

    /** Registers readers 0 and 1 and sends each one's first event, as a new hybrid reader does. */
    private void registerBoth() {
        register(2);
    }

    /** Registers readers 0 .. readers - 1, each sending a new hybrid reader's first event. */
    private void register(int readers) {
        for (int reader = 0; reader < readers; reader++) {
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

    /** A log part's split as Flink gives it back after a failover (source index 1). */
    private static HybridSourceSplit logSplit(String id) throws Exception {
        LakeSplit split = new LakeSplit(id, new byte[0], 0);
        return new HybridSourceSplit(
                1,
                LakeSplit.Serializer.INSTANCE.serialize(split),
                LakeSplit.Serializer.INSTANCE.getVersion(),
                split.splitId());
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
     * The log part's stand-in: like the Fluss source's enumerator, it pushes its splits to the
     * registered readers that own them (split {@code log-<n>} belongs to reader n), on a new reader
     * and on each discovery, takes splits back after a failover, and ignores requests.
     */
    private static final class PushedSplits implements Source<RowData, LakeSplit, List<LakeSplit>> {
        private final List<String> splits;
        private transient Pusher enumerator;

        PushedSplits() {
            this(List.of());
        }

        PushedSplits(List<String> splits) {
            this.splits = splits;
        }

        /** A periodic discovery: finds nothing new, and assigns what is pending. */
        void discover() {
            enumerator.push();
        }

        @Override
        public Boundedness getBoundedness() {
            return Boundedness.BOUNDED;
        }

        @Override
        public SplitEnumerator<LakeSplit, List<LakeSplit>> createEnumerator(
                SplitEnumeratorContext<LakeSplit> context) {
            List<LakeSplit> pending = new ArrayList<>();
            splits.forEach(id -> pending.add(new LakeSplit(id, new byte[0], 0)));
            enumerator = new Pusher(context, pending);
            return enumerator;
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

    /** The stand-in's enumerator. */
    private static final class Pusher implements SplitEnumerator<LakeSplit, List<LakeSplit>> {
        private final SplitEnumeratorContext<LakeSplit> context;
        private final List<LakeSplit> pending;

        Pusher(SplitEnumeratorContext<LakeSplit> context, List<LakeSplit> pending) {
            this.context = context;
            this.pending = pending;
        }

        void push() {
            Iterator<LakeSplit> it = pending.iterator();
            while (it.hasNext()) {
                LakeSplit split = it.next();
                int owner = Integer.parseInt(split.splitId().substring("log-".length()));
                if (context.registeredReaders().containsKey(owner)) {
                    context.assignSplit(split, owner);
                    it.remove();
                }
            }
        }

        @Override
        public void start() {}

        @Override
        public void handleSplitRequest(int subtaskId, String requesterHostname) {}

        @Override
        public void addSplitsBack(List<LakeSplit> splits, int subtaskId) {
            pending.addAll(splits);
        }

        @Override
        public void addReader(int subtaskId) {
            push();
        }

        @Override
        public List<LakeSplit> snapshotState(long checkpointId) {
            return List.copyOf(pending);
        }

        @Override
        public void close() {}
    }

    /**
     * Records what the enumerator tells the registered readers, and checks each assignment as
     * Flink's {@code HybridSourceReader} does: a split must be of the part its reader is on.
     */
    private static final class Recording
            implements SplitEnumeratorContext<HybridSourceSplit>, SupportsIntermediateNoMoreSplits {
        final List<String> switches = new ArrayList<>();
        final List<String> assigned = new ArrayList<>();
        final List<Integer> toldNoMoreSplits = new ArrayList<>();
        private final Map<Integer, Integer> partOfReader = new HashMap<>();
        private final int readers;

        Recording(int readers) {
            this.readers = readers;
        }

        @Override
        public void sendEventToSourceReader(int subtaskId, SourceEvent event) {
            int part = ((SwitchSourceEvent) event).sourceIndex();
            partOfReader.put(subtaskId, part);
            switches.add(subtaskId + "->" + part);
        }

        @Override
        public void assignSplits(SplitsAssignment<HybridSourceSplit> assignment) {
            assignment
                    .assignment()
                    .forEach(
                            (reader, splits) ->
                                    splits.forEach(
                                            split -> {
                                                int part = partOfReader.getOrDefault(reader, -1);
                                                if (split.sourceIndex() != part) {
                                                    throw new AssertionError(
                                                            "Reader "
                                                                    + reader
                                                                    + " fails: Split "
                                                                    + split.splitId()
                                                                    + " of source "
                                                                    + split.sourceIndex()
                                                                    + " while current source is "
                                                                    + part);
                                                }
                                                assigned.add(reader + "<-" + split.splitId());
                                            }));
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
            return readers;
        }

        @Override
        public Map<Integer, ReaderInfo> registeredReaders() {
            Map<Integer, ReaderInfo> registered = new HashMap<>();
            for (int reader = 0; reader < readers; reader++) {
                registered.put(reader, new ReaderInfo(reader, "localhost"));
            }
            return registered;
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
