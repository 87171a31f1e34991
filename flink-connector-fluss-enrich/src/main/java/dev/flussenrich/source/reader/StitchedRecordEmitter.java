/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.reader;

import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.source.split.BucketSplitState;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;

/** Emits a stitched row as the user's type and advances its split's position. */
@Internal
public final class StitchedRecordEmitter<T>
        implements RecordEmitter<StitchedRecord, T, BucketSplitState> {

    private final StitchedRecordDeserializer<T> deserializer;

    public StitchedRecordEmitter(StitchedRecordDeserializer<T> deserializer) {
        this.deserializer = deserializer;
    }

    @Override
    public void emitRecord(StitchedRecord record, SourceOutput<T> output, BucketSplitState state)
            throws Exception {
        output.collect(deserializer.deserialize(record), record.timestamp());
        state.emitted(record.offset());
    }
}
