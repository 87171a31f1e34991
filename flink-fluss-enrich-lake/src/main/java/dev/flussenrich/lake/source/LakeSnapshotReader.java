/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import dev.flussenrich.lake.PaimonRowAsFlinkRow;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.util.InstantiationUtil;

import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.reader.RecordReaderIterator;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.table.source.TableRead;

import javax.annotation.Nullable;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Reads lake splits one at a time with Paimon's own reader and emits each row once as a Flink
 * binary row. A checkpoint records how many rows of the current split were emitted; a restored
 * reader skips them.
 */
@Internal
final class LakeSnapshotReader implements SourceReader<RowData, LakeSplit> {

    private final SourceReaderContext context;
    private final Supplier<TableRead> reads;
    private final RowDataSerializer serializer;
    private final Queue<LakeSplit> splits = new ArrayDeque<>();
    private final PaimonRowAsFlinkRow view = new PaimonRowAsFlinkRow();

    /** What is emitted of {@link #view}: the view itself, or laid out as the source says. */
    private final RowData outputRow;

    private CompletableFuture<Void> available = new CompletableFuture<>();
    private TableRead read;
    private LakeSplit current;
    private RecordReaderIterator<InternalRow> rows;
    private long emitted;
    private boolean noMoreSplits;

    LakeSnapshotReader(
            SourceReaderContext context,
            Supplier<TableRead> reads,
            RowDataSerializer serializer,
            @Nullable LakeSnapshotSource.RowLayout layout) {
        this.context = context;
        this.reads = reads;
        this.serializer = serializer;
        this.outputRow = layout == null ? view : new LaidOutRow(view, layout);
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
            view.wrap(rows.next());
            output.collect(serializer.toBinaryRow(outputRow).copy());
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
        Split split =
                InstantiationUtil.deserializeObject(
                        next.paimonSplit(), getClass().getClassLoader());
        if (read == null) {
            read = reads.get();
        }
        RecordReader<InternalRow> reader = read.createReader(split);
        rows = new RecordReaderIterator<>(reader);
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
