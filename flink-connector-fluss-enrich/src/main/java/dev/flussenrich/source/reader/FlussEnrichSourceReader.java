/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.reader;

import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.metrics.StitchedReaderMetrics;
import dev.flussenrich.source.ScanSettings;
import dev.flussenrich.source.split.BucketSplit;
import dev.flussenrich.source.split.BucketSplitState;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;

import java.util.Map;

/** Reads the assigned buckets on one fetcher thread. */
@Internal
public final class FlussEnrichSourceReader<T>
        extends SingleThreadMultiplexSourceReaderBase<
                StitchedRecord, T, BucketSplit, BucketSplitState> {

    public FlussEnrichSourceReader(
            ScanSettings settings,
            StitchedRecordDeserializer<T> deserializer,
            SourceReaderContext context) {
        this(settings, deserializer, context, new StitchedReaderMetrics(context.metricGroup()));
    }

    private FlussEnrichSourceReader(
            ScanSettings settings,
            StitchedRecordDeserializer<T> deserializer,
            SourceReaderContext context,
            StitchedReaderMetrics metrics) {
        super(
                () -> new StitchedSplitReader(settings, metrics),
                new StitchedRecordEmitter<>(deserializer),
                new Configuration(),
                context);
    }

    @Override
    protected void onSplitFinished(Map<String, BucketSplitState> finishedSplitIds) {
        // Nothing to clean up: the split reader unsubscribes finished buckets itself.
    }

    @Override
    protected BucketSplitState initializedState(BucketSplit split) {
        return new BucketSplitState(split);
    }

    @Override
    protected BucketSplit toSplitType(String splitId, BucketSplitState state) {
        return state.toSplit();
    }
}
