/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.connector.base.source.hybrid.HybridSourceEnumeratorState;
import org.apache.flink.connector.base.source.hybrid.HybridSourceSplit;
import org.apache.flink.connector.base.source.hybrid.SourceReaderFinishedEvent;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Flink's hybrid enumerator, guarded for task failovers, which restart readers but not the
 * enumerator. Flink 2.2's enumerator keeps two things wrong across them:
 *
 * <ul>
 *   <li>It remembers which readers finished the lake part and never forgets a restarted one. A
 *       reader that finished before the failover, then read a split given back by the failed one,
 *       counted as finished: the switch to the log came while it read, and the rest of its split
 *       was lost. Here the lake part ends once every reader finished it since it last registered.
 *   <li>After the switch, a restarted reader whose checkpoint predates the switch (or that has
 *       nothing restored) starts in the lake part again, and asks for lake splits. The log
 *       enumerator never answers, so the reader never reaches the log. Here, once in the log part,
 *       every split request is a lake reader's and is told that no lake split will come: the reader
 *       reads what it restored, finishes, and Flink moves it to the log part.
 *   <li>When every reader restarted into the lake part at once, it lets the log part assign them
 *       its splits ({@link LogPartContext} shows the log part only the readers on it).
 * </ul>
 */
@Internal
final class LakeThenLogEnumerator
        implements SplitEnumerator<HybridSourceSplit, HybridSourceEnumeratorState> {

    static final int LAKE_PART = 0;
    static final int LOG_PART = 1;

    private final LogPartContext context;
    private final SplitEnumerator<HybridSourceSplit, HybridSourceEnumeratorState> hybrid;
    private final Set<Integer> finishedLakeSinceRegistered = new HashSet<>();
    private boolean inLogPart;

    LakeThenLogEnumerator(
            LogPartContext context,
            SplitEnumerator<HybridSourceSplit, HybridSourceEnumeratorState> hybrid,
            boolean inLogPart) {
        this.context = context;
        this.hybrid = hybrid;
        this.inLogPart = inLogPart;
    }

    @Override
    public void handleSourceEvent(int subtaskId, SourceEvent event) {
        if (event instanceof SourceReaderFinishedEvent finished) {
            if (!inLogPart && finished.sourceIndex() == LAKE_PART) {
                finishedLakeSinceRegistered.add(subtaskId);
                if (finishedLakeSinceRegistered.size() == context.currentParallelism()) {
                    inLogPart = true;
                    for (int reader : finishedLakeSinceRegistered) {
                        hybrid.handleSourceEvent(reader, new SourceReaderFinishedEvent(LAKE_PART));
                    }
                }
                return;
            }
        }
        hybrid.handleSourceEvent(subtaskId, event);
    }

    @Override
    public void addReader(int subtaskId) {
        finishedLakeSinceRegistered.remove(subtaskId);
        context.readerRegistered(subtaskId);
        hybrid.addReader(subtaskId);
    }

    @Override
    public void start() {
        hybrid.start();
    }

    @Override
    public void handleSplitRequest(int subtaskId, @Nullable String requesterHostname) {
        if (inLogPart) {
            // Only lake readers ask for splits; the log part's are pushed.
            context.signalIntermediateNoMoreSplits(subtaskId);
        } else {
            hybrid.handleSplitRequest(subtaskId, requesterHostname);
        }
    }

    @Override
    public void addSplitsBack(List<HybridSourceSplit> splits, int subtaskId) {
        hybrid.addSplitsBack(splits, subtaskId);
    }

    @Override
    public HybridSourceEnumeratorState snapshotState(long checkpointId) throws Exception {
        return hybrid.snapshotState(checkpointId);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        hybrid.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        hybrid.notifyCheckpointAborted(checkpointId);
    }

    @Override
    public void close() throws IOException {
        hybrid.close();
    }
}
