/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import dev.flussenrich.lake.LakeTableSpec;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.hybrid.HybridSourceReader;
import org.apache.flink.connector.base.source.hybrid.SourceReaderFinishedEvent;
import org.apache.flink.connector.base.source.hybrid.SwitchSourceEvent;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lake part of a union read as Flink's {@link HybridSourceReader} drives it: the task polls a
 * reader for as long as the reader says it is available.
 */
class LakeSnapshotReaderTest {

    @Test
    void aFinishedLakeReaderTellsTheCoordinatorOnceAndWaitsForTheSwitch() throws Exception {
        RecordingContext context = new RecordingContext();
        HybridSourceReader<RowData> reader = new HybridSourceReader<>(context);
        reader.start();
        reader.handleSourceEvents(new SwitchSourceEvent(0, emptyLake(), false));
        reader.notifyNoMoreSplits();

        // Before the fix the lake reader stayed available once finished: 1,000 polls, and as
        // many events to the coordinator (in a job, as many RPCs until the switch came).
        assertThat(pollWhileAvailable(reader, 1_000)).isEqualTo(1);
        assertThat(context.finishedSourceIndexes).containsExactly(-1, 0);
        assertThat(context.splitRequests).isEqualTo(1);

        CompletableFuture<Void> waiting = reader.isAvailable();
        reader.handleSourceEvents(new SwitchSourceEvent(1, emptyLake(), true));
        assertThat(waiting).as("the switch wakes the task").isDone();
    }

    /** A lake part with no snapshot to read: the enumerator has no splits for it. */
    static LakeSnapshotSource emptyLake() {
        RowType rowType = RowType.of(new IntType());
        return new LakeSnapshotSource(
                new LakeTableSpec(Map.of("warehouse", "file:///nowhere"), "db", "t", 1, false),
                -1,
                new int[] {0},
                InternalTypeInfo.of(rowType));
    }

    /** Polls as a task's mailbox does, up to {@code limit} times; returns the polls made. */
    private static int pollWhileAvailable(HybridSourceReader<RowData> reader, int limit)
            throws Exception {
        int polls = 0;
        while (polls < limit && reader.isAvailable().isDone()) {
            polls++;
            if (reader.pollNext(new NoRows()) == InputStatus.END_OF_INPUT) {
                break;
            }
        }
        return polls;
    }

    /** The output of a read that has no rows to emit. */
    private static final class NoRows implements ReaderOutput<RowData> {
        @Override
        public void collect(RowData row) {
            throw new AssertionError("an empty lake emitted " + row);
        }

        @Override
        public void collect(RowData row, long timestamp) {
            collect(row);
        }

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}

        @Override
        public SourceOutput<RowData> createOutputForSplit(String splitId) {
            return this;
        }

        @Override
        public void releaseOutputForSplit(String splitId) {}
    }

    private static final class RecordingContext implements SourceReaderContext {
        final List<Integer> finishedSourceIndexes = new ArrayList<>();
        int splitRequests;

        @Override
        public void sendSourceEventToCoordinator(SourceEvent event) {
            finishedSourceIndexes.add(((SourceReaderFinishedEvent) event).sourceIndex());
        }

        @Override
        public void sendSplitRequest() {
            splitRequests++;
        }

        @Override
        public SourceReaderMetricGroup metricGroup() {
            return UnregisteredMetricsGroup.createSourceReaderMetricGroup();
        }

        @Override
        public Configuration getConfiguration() {
            return new Configuration();
        }

        @Override
        public String getLocalHostName() {
            return "localhost";
        }

        @Override
        public int getIndexOfSubtask() {
            return 0;
        }

        @Override
        public UserCodeClassLoader getUserCodeClassLoader() {
            return SimpleUserCodeClassLoader.create(getClass().getClassLoader());
        }
    }
}
