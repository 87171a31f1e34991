/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source;

import dev.flussenrich.source.enumerator.BucketEnumerator;
import dev.flussenrich.source.enumerator.BucketEnumeratorState;
import dev.flussenrich.source.enumerator.BucketEnumeratorStateSerializer;
import dev.flussenrich.source.reader.FlussEnrichSourceReader;
import dev.flussenrich.source.reader.StitchedRecordDeserializer;
import dev.flussenrich.source.split.BucketSplit;
import dev.flussenrich.source.split.BucketSplitSerializer;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.util.List;
import java.util.Set;

/**
 * FLIP-27 source of a logical table: one split per (partition, bucket), rows gated on the projected
 * groups, positions checkpointed per bucket. Built with {@link #builder()}:
 *
 * <pre>{@code
 * FlussEnrichSource<DeviceLog> source = FlussEnrichSource.<DeviceLog>builder()
 *     .setBootstrapServers("localhost:9123").setTable("fluss", "device_logs")
 *     .setColumns("device_id", "ip").setDeserializer(new DeviceLogDeserializer())
 *     .setStartPosition(StartPosition.enrichmentWatermark("geo"))
 *     .build();
 * }</pre>
 */
@PublicEvolving
public final class FlussEnrichSource<T>
        implements Source<T, BucketSplit, BucketEnumeratorState>, ResultTypeQueryable<T> {

    private static final long serialVersionUID = 1L;

    private final ScanSettings settings;
    private final StitchedRecordDeserializer<T> deserializer;

    /** Use {@link #builder()}. */
    FlussEnrichSource(ScanSettings settings, StitchedRecordDeserializer<T> deserializer) {
        this.settings = settings;
        this.deserializer = deserializer;
    }

    /**
     * The source of settings the table layer has already checked and resolved (its options map to
     * {@link ScanSettings} one to one); DataStream users call {@link #builder()}.
     */
    @Internal
    public static <T> FlussEnrichSource<T> of(
            ScanSettings settings, StitchedRecordDeserializer<T> deserializer) {
        return new FlussEnrichSource<>(settings, deserializer);
    }

    /** A builder of a source of base and/or group columns, each record with its identity. */
    public static <T> FlussEnrichSourceBuilder<T> builder() {
        return new FlussEnrichSourceBuilder<>();
    }

    @Override
    public Boundedness getBoundedness() {
        return settings.bounded() ? Boundedness.BOUNDED : Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SplitEnumerator<BucketSplit, BucketEnumeratorState> createEnumerator(
            SplitEnumeratorContext<BucketSplit> context) {
        return new BucketEnumerator(
                context, settings, new BucketEnumeratorState(Set.of(), List.of(), false));
    }

    @Override
    public SplitEnumerator<BucketSplit, BucketEnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<BucketSplit> context, BucketEnumeratorState checkpoint) {
        return new BucketEnumerator(context, settings, checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<BucketSplit> getSplitSerializer() {
        return BucketSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<BucketEnumeratorState> getEnumeratorCheckpointSerializer() {
        return BucketEnumeratorStateSerializer.INSTANCE;
    }

    @Override
    public SourceReader<T, BucketSplit> createReader(SourceReaderContext context) throws Exception {
        deserializer.open();
        return new FlussEnrichSourceReader<>(settings, deserializer, context);
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return deserializer.getProducedType();
    }

    /** What this source reads (for tests). */
    ScanSettings settings() {
        return settings;
    }
}
