/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.enumerator;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.source.split.BucketSplit;
import dev.flussenrich.source.split.BucketSplitSerializer;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Serializes {@link BucketEnumeratorState}. */
@Internal
public final class BucketEnumeratorStateSerializer
        implements SimpleVersionedSerializer<BucketEnumeratorState> {

    public static final BucketEnumeratorStateSerializer INSTANCE =
            new BucketEnumeratorStateSerializer();

    /**
     * Version 2 adds whether the first discovery ran, and writes pending splits with the current
     * split serializer version (version 1 used split version 1).
     */
    private static final int VERSION = 2;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(BucketEnumeratorState state) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        out.writeBoolean(state.initialDiscoveryDone());
        out.writeInt(state.assignedBuckets().size());
        for (EnrichedBucket bucket : state.assignedBuckets()) {
            BucketSplitSerializer.writeBucket(bucket, out);
        }
        out.writeInt(state.pendingSplits().size());
        for (BucketSplit split : state.pendingSplits()) {
            byte[] bytes = BucketSplitSerializer.INSTANCE.serialize(split);
            out.writeInt(bytes.length);
            out.write(bytes);
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public BucketEnumeratorState deserialize(int version, byte[] serialized) throws IOException {
        if (version != 1 && version != VERSION) {
            throw new IOException("Unknown enumerator state serializer version " + version);
        }
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        Boolean initialDiscoveryDone = version >= 2 ? in.readBoolean() : null;
        int assignedCount = in.readInt();
        Set<EnrichedBucket> assigned = new HashSet<>();
        for (int i = 0; i < assignedCount; i++) {
            assigned.add(BucketSplitSerializer.readBucket(in));
        }
        int pendingCount = in.readInt();
        List<BucketSplit> pending = new ArrayList<>();
        for (int i = 0; i < pendingCount; i++) {
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            pending.add(
                    BucketSplitSerializer.INSTANCE.deserialize(
                            version == 1 ? 1 : BucketSplitSerializer.INSTANCE.getVersion(), bytes));
        }
        return new BucketEnumeratorState(
                assigned,
                pending,
                initialDiscoveryDone != null
                        ? initialDiscoveryDone
                        : !assigned.isEmpty() || !pending.isEmpty());
    }
}
