/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;

import javax.annotation.Nullable;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.function.Supplier;

/** Hands the splits of one lake snapshot to readers as they ask, then tells them it is done. */
@Internal
final class LakeSnapshotEnumerator implements SplitEnumerator<LakeSplit, List<LakeSplit>> {

    private final SplitEnumeratorContext<LakeSplit> context;
    private final Supplier<List<LakeSplit>> planner;
    private Queue<LakeSplit> unassigned;

    LakeSnapshotEnumerator(
            SplitEnumeratorContext<LakeSplit> context,
            Supplier<List<LakeSplit>> planner,
            @Nullable List<LakeSplit> restored) {
        this.context = context;
        this.planner = planner;
        this.unassigned = restored == null ? null : new ArrayDeque<>(restored);
    }

    @Override
    public void start() {
        if (unassigned == null) {
            unassigned = new ArrayDeque<>(planner.get());
        }
    }

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        LakeSplit next = unassigned.poll();
        if (next != null) {
            context.assignSplit(next, subtaskId);
        } else {
            context.signalNoMoreSplits(subtaskId);
        }
    }

    @Override
    public void addSplitsBack(List<LakeSplit> splits, int subtaskId) {
        unassigned.addAll(splits);
    }

    @Override
    public void addReader(int subtaskId) {
        // Readers ask for splits themselves.
    }

    @Override
    public List<LakeSplit> snapshotState(long checkpointId) {
        return List.copyOf(unassigned);
    }

    @Override
    public void close() {}
}
