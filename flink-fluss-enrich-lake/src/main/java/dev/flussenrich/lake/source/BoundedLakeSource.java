/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;

import javax.annotation.Nullable;

import java.util.List;

/**
 * What the lake part of a union read is in every format: a bounded source of one snapshot, whose
 * splits the format plans ({@link #planSplits}) and opens ({@link #splitRows}); the enumerator, the
 * reader and their checkpoints are shared.
 */
abstract class BoundedLakeSource
        implements Source<RowData, LakeSplit, List<LakeSplit>>, ResultTypeQueryable<RowData> {

    private static final long serialVersionUID = 1L;

    private final InternalTypeInfo<RowData> producedType;
    @Nullable private final LakeSnapshotSource.RowLayout layout;

    BoundedLakeSource(
            InternalTypeInfo<RowData> producedType, @Nullable LakeSnapshotSource.RowLayout layout) {
        this.producedType = producedType;
        this.layout = layout;
    }

    /** The snapshot's splits, planned by the format's own planner (none for an empty lake). */
    abstract List<LakeSplit> planSplits();

    /** How a reader opens a split with the format's own reader. */
    abstract LakeSnapshotReader.SplitRows splitRows();

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.BOUNDED;
    }

    @Override
    public SplitEnumerator<LakeSplit, List<LakeSplit>> createEnumerator(
            SplitEnumeratorContext<LakeSplit> context) {
        return new LakeSnapshotEnumerator(context, this::planSplits, null);
    }

    @Override
    public SplitEnumerator<LakeSplit, List<LakeSplit>> restoreEnumerator(
            SplitEnumeratorContext<LakeSplit> context, List<LakeSplit> checkpoint) {
        return new LakeSnapshotEnumerator(context, this::planSplits, checkpoint);
    }

    @Override
    public SourceReader<RowData, LakeSplit> createReader(SourceReaderContext context) {
        return new LakeSnapshotReader(
                context, splitRows(), new RowDataSerializer(producedType.toRowType()), layout);
    }

    @Override
    public SimpleVersionedSerializer<LakeSplit> getSplitSerializer() {
        return LakeSplit.Serializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<List<LakeSplit>> getEnumeratorCheckpointSerializer() {
        return new LakeSplitsSerializer();
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return producedType;
    }
}
