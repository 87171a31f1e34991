/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.util.CloseableIterator;

import javax.annotation.Nullable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;

/**
 * Reads lake splits one at a time with the lake format's own reader ({@link SplitRows}) and emits
 * each row once as a Flink binary row. A checkpoint records how many rows of the current split were
 * emitted; a restored reader skips them.
 */
@Internal
final class LakeSnapshotReader implements SourceReader<RowData, LakeSplit> {

    /** The rows of one split, in the projection's order; a row may be reused for the next. */
    interface SplitRows {
        CloseableIterator<RowData> open(LakeSplit split) throws Exception;
    }

    private final SourceReaderContext context;
    private final SplitRows splitRows;
    private final RowDataSerializer serializer;
    private final Queue<LakeSplit> splits = new ArrayDeque<>();
    @Nullable private final LaidOutRow laidOut;

    private CompletableFuture<Void> available = new CompletableFuture<>();
    private LakeSplit current;
    private CloseableIterator<RowData> rows;
    private long emitted;
    private boolean noMoreSplits;

    LakeSnapshotReader(
            SourceReaderContext context,
            SplitRows splitRows,
            RowDataSerializer serializer,
            @Nullable LakeSnapshotSource.RowLayout layout) {
        this.context = context;
        this.splitRows = splitRows;
        this.serializer = serializer;
        this.laidOut = layout == null ? null : new LaidOutRow(layout);
    }

    @Override
    public void start() {
        context.sendSplitRequest();
    }

    @Override
    public InputStatus pollNext(ReaderOutput<RowData> output) throws Exception {
        if (rows == null && !openNextSplit()) {
            // Wait for a split, or once finished for the hybrid source's switch, which completes
            // this future. A finished reader that stayed available would be polled in a loop, and
            // each poll would tell the coordinator again that it finished.
            available = new CompletableFuture<>();
            return noMoreSplits ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
        }
        if (rows.hasNext()) {
            RowData row = rows.next();
            output.collect(
                    serializer.toBinaryRow(laidOut == null ? row : laidOut.wrap(row)).copy());
            emitted++;
            return InputStatus.MORE_AVAILABLE;
        }
        rows.close();
        rows = null;
        current = null;
        context.sendSplitRequest();
        return InputStatus.MORE_AVAILABLE;
    }

    private boolean openNextSplit() throws Exception {
        LakeSplit next = splits.poll();
        if (next == null) {
            return false;
        }
        rows = splitRows.open(next);
        current = next;
        emitted = 0;
        while (emitted < next.recordsToSkip() && rows.hasNext()) {
            rows.next();
            emitted++;
        }
        return true;
    }

    @Override
    public List<LakeSplit> snapshotState(long checkpointId) {
        List<LakeSplit> state = new ArrayList<>();
        if (current != null) {
            state.add(current.skipping(emitted));
        }
        state.addAll(splits);
        return state;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return available;
    }

    @Override
    public void addSplits(List<LakeSplit> added) {
        splits.addAll(added);
        available.complete(null);
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
        available.complete(null);
    }

    @Override
    public void close() throws Exception {
        if (rows != null) {
            rows.close();
        }
    }
}
