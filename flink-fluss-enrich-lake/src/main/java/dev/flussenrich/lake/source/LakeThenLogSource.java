/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.connector.base.source.hybrid.HybridSource;
import org.apache.flink.connector.base.source.hybrid.HybridSourceEnumeratorState;
import org.apache.flink.connector.base.source.hybrid.HybridSourceSplit;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.data.RowData;

/**
 * The union read's source: Flink's {@link HybridSource} of the lake part, then the log part. Its
 * enumerator is wrapped in a {@link LakeThenLogEnumerator}, which keeps task failovers from
 * switching too early or leaving a reader in the finished lake part, and sees the readers through a
 * {@link LogPartContext}, which keeps the log part from assigning splits to readers that a failover
 * sent back to the lake part.
 */
@Internal
public final class LakeThenLogSource
        implements Source<RowData, HybridSourceSplit, HybridSourceEnumeratorState> {

    private static final long serialVersionUID = 1L;

    private final HybridSource<RowData> hybrid;

    public LakeThenLogSource(Source<RowData, ?, ?> lakePart, Source<RowData, ?, ?> logPart) {
        this.hybrid = HybridSource.builder(lakePart).addSource(logPart).build();
    }

    @Override
    public Boundedness getBoundedness() {
        return hybrid.getBoundedness();
    }

    @Override
    public SourceReader<RowData, HybridSourceSplit> createReader(SourceReaderContext context)
            throws Exception {
        return hybrid.createReader(context);
    }

    @Override
    public SplitEnumerator<HybridSourceSplit, HybridSourceEnumeratorState> createEnumerator(
            SplitEnumeratorContext<HybridSourceSplit> context) {
        LogPartContext logPart = new LogPartContext(context, LakeThenLogEnumerator.LOG_PART);
        return new LakeThenLogEnumerator(logPart, hybrid.createEnumerator(logPart), false);
    }

    @Override
    public SplitEnumerator<HybridSourceSplit, HybridSourceEnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<HybridSourceSplit> context,
            HybridSourceEnumeratorState checkpoint)
            throws Exception {
        LogPartContext logPart = new LogPartContext(context, LakeThenLogEnumerator.LOG_PART);
        return new LakeThenLogEnumerator(
                logPart,
                hybrid.restoreEnumerator(logPart, checkpoint),
                checkpoint.getCurrentSourceIndex() > LakeThenLogEnumerator.LAKE_PART);
    }

    @Override
    public SimpleVersionedSerializer<HybridSourceSplit> getSplitSerializer() {
        return hybrid.getSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<HybridSourceEnumeratorState>
            getEnumeratorCheckpointSerializer() {
        return hybrid.getEnumeratorCheckpointSerializer();
    }
}
