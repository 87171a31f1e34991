/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.split;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;

/** Serializes {@link BucketSplit}s for checkpoints and for shipping to readers. */
@Internal
public final class BucketSplitSerializer implements SimpleVersionedSerializer<BucketSplit> {

    public static final BucketSplitSerializer INSTANCE = new BucketSplitSerializer();

    /** Version 2 adds the table id (version 1 splits read as {@link BucketSplit#UNKNOWN_TABLE}). */
    private static final int VERSION = 2;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(BucketSplit split) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        write(split, out);
        return out.getCopyOfBuffer();
    }

    @Override
    public BucketSplit deserialize(int version, byte[] serialized) throws IOException {
        return read(new DataInputDeserializer(serialized), version);
    }

    /** Writes a split; also used inside the enumerator state. */
    static void write(BucketSplit split, DataOutputView out) throws IOException {
        writeBucket(split.bucket(), out);
        out.writeLong(split.startingOffset());
        out.writeLong(split.stoppingOffset());
        out.writeLong(split.tableId());
    }

    static BucketSplit read(DataInputView in, int version) throws IOException {
        if (version != 1 && version != VERSION) {
            throw new IOException("Unknown BucketSplit serializer version " + version);
        }
        EnrichedBucket bucket = readBucket(in);
        long start = in.readLong();
        long stop = in.readLong();
        long tableId = version >= 2 ? in.readLong() : BucketSplit.UNKNOWN_TABLE;
        return new BucketSplit(bucket, start, stop, tableId);
    }

    public static void writeBucket(EnrichedBucket bucket, DataOutputView out) throws IOException {
        out.writeBoolean(bucket.partitionName() != null);
        if (bucket.partitionName() != null) {
            out.writeUTF(bucket.partitionName());
        }
        out.writeInt(bucket.bucket());
    }

    public static EnrichedBucket readBucket(DataInputView in) throws IOException {
        String partition = in.readBoolean() ? in.readUTF() : null;
        return EnrichedBucket.of(partition, in.readInt());
    }
}
