/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import dev.flussenrich.lake.PaimonRowAsFlinkRow;

import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.InstantiationUtil;

import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReaderIterator;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.table.source.TableRead;

import java.util.Iterator;
import java.util.function.Supplier;

/** The rows of a Paimon split, read by Paimon's own reader, seen as Flink rows in place. */
final class PaimonSplitRows implements LakeSnapshotReader.SplitRows {

    private final Supplier<TableRead> reads;
    private final PaimonRowAsFlinkRow view = new PaimonRowAsFlinkRow();
    private TableRead read;

    PaimonSplitRows(Supplier<TableRead> reads) {
        this.reads = reads;
    }

    @Override
    public CloseableIterator<RowData> open(LakeSplit split) throws Exception {
        if (read == null) {
            read = reads.get();
        }
        Split paimonSplit =
                InstantiationUtil.deserializeObject(
                        split.plannedSplit(), getClass().getClassLoader());
        RecordReaderIterator<InternalRow> rows =
                new RecordReaderIterator<>(read.createReader(paimonSplit));
        Iterator<RowData> views =
                new Iterator<>() {
                    @Override
                    public boolean hasNext() {
                        return rows.hasNext();
                    }

                    @Override
                    public RowData next() {
                        return view.wrap(rows.next());
                    }
                };
        return CloseableIterator.adapterForIterator(views, rows);
    }
}
