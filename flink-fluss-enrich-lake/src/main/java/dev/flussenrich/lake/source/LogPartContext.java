/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.api.connector.source.SupportsIntermediateNoMoreSplits;
import org.apache.flink.connector.base.source.hybrid.HybridSourceSplit;
import org.apache.flink.connector.base.source.hybrid.SwitchSourceEvent;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;

/**
 * The context Flink's hybrid enumerator, and through it the log part's enumerator, sees: the
 * registered readers are only those on the log part.
 *
 * <p>The log part's enumerator pushes its splits to the registered readers (on discovery, on a
 * returned split). Flink's hybrid context hides readers on another part only while the readers are
 * on different parts: when every reader restarted into the lake part together (parallelism 1, or a
 * failover of the whole region), it shows them all, the log part assigns them its splits, and
 * Flink's {@code HybridSourceReader} fails on a split of the log part while it reads the lake part,
 * at every discovery. Here a reader is on the log part from the switch event that sends it there
 * until it registers again; the log enumerator keeps its splits pending, in its checkpointed state,
 * and assigns them when the hybrid enumerator adds the reader to the log part.
 */
@Internal
final class LogPartContext
        implements SplitEnumeratorContext<HybridSourceSplit>, SupportsIntermediateNoMoreSplits {

    private final SplitEnumeratorContext<HybridSourceSplit> context;
    private final int logPart;
    private final Map<Integer, Integer> partOfReader = new HashMap<>();

    LogPartContext(SplitEnumeratorContext<HybridSourceSplit> context, int logPart) {
        this.context = context;
        this.logPart = logPart;
    }

    /** A reader registered again: a new reader, on no part until it is switched to one. */
    void readerRegistered(int subtaskId) {
        partOfReader.remove(subtaskId);
    }

    @Override
    public void sendEventToSourceReader(int subtaskId, SourceEvent event) {
        if (event instanceof SwitchSourceEvent switched) {
            partOfReader.put(subtaskId, switched.sourceIndex());
        }
        context.sendEventToSourceReader(subtaskId, event);
    }

    @Override
    public void sendEventToSourceReader(int subtaskId, int attemptNumber, SourceEvent event) {
        if (event instanceof SwitchSourceEvent switched) {
            partOfReader.put(subtaskId, switched.sourceIndex());
        }
        context.sendEventToSourceReader(subtaskId, attemptNumber, event);
    }

    /** Only readers on the log part: the log part's enumerator is the only one that asks. */
    @Override
    public Map<Integer, ReaderInfo> registeredReaders() {
        Map<Integer, ReaderInfo> onLogPart = new HashMap<>();
        context.registeredReaders()
                .forEach(
                        (subtask, reader) -> {
                            if (partOfReader.getOrDefault(subtask, -1) == logPart) {
                                onLogPart.put(subtask, reader);
                            }
                        });
        return onLogPart;
    }

    @Override
    public Map<Integer, Map<Integer, ReaderInfo>> registeredReadersOfAttempts() {
        Map<Integer, Map<Integer, ReaderInfo>> onLogPart = new HashMap<>();
        context.registeredReadersOfAttempts()
                .forEach(
                        (subtask, attempts) -> {
                            if (partOfReader.getOrDefault(subtask, -1) == logPart) {
                                onLogPart.put(subtask, attempts);
                            }
                        });
        return onLogPart;
    }

    @Override
    public SplitEnumeratorMetricGroup metricGroup() {
        return context.metricGroup();
    }

    @Override
    public int currentParallelism() {
        return context.currentParallelism();
    }

    @Override
    public void assignSplits(SplitsAssignment<HybridSourceSplit> newSplitAssignments) {
        context.assignSplits(newSplitAssignments);
    }

    @Override
    public void assignSplit(HybridSourceSplit split, int subtask) {
        context.assignSplit(split, subtask);
    }

    @Override
    public void signalNoMoreSplits(int subtask) {
        context.signalNoMoreSplits(subtask);
    }

    @Override
    public void signalIntermediateNoMoreSplits(int subtask) {
        ((SupportsIntermediateNoMoreSplits) context).signalIntermediateNoMoreSplits(subtask);
    }

    @Override
    public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
        context.callAsync(callable, handler);
    }

    @Override
    public <T> void callAsync(
            Callable<T> callable,
            BiConsumer<T, Throwable> handler,
            long initialDelay,
            long period) {
        context.callAsync(callable, handler, initialDelay, period);
    }

    @Override
    public void runInCoordinatorThread(Runnable runnable) {
        context.runInCoordinatorThread(runnable);
    }

    @Override
    public void setIsProcessingBacklog(boolean isProcessingBacklog) {
        context.setIsProcessingBacklog(isProcessingBacklog);
    }
}
