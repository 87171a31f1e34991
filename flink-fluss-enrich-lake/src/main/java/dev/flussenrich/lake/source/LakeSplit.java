/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * One split of the lake snapshot, the lake format's own (a Paimon split or an Iceberg file scan
 * task, Java-serialized as their Flink sources ship them), and how many of its rows were emitted
 * before the last checkpoint.
 */
@Internal
public record LakeSplit(String splitId, byte[] plannedSplit, long recordsToSkip)
        implements SourceSplit {

    LakeSplit skipping(long records) {
        return new LakeSplit(splitId, plannedSplit, records);
    }

    /** Versioned serializer of {@link LakeSplit}s. */
    public static final class Serializer implements SimpleVersionedSerializer<LakeSplit> {

        public static final Serializer INSTANCE = new Serializer();

        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(LakeSplit split) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeUTF(split.splitId);
                out.writeInt(split.plannedSplit.length);
                out.write(split.plannedSplit);
                out.writeLong(split.recordsToSkip);
            }
            return bytes.toByteArray();
        }

        @Override
        public LakeSplit deserialize(int version, byte[] serialized) throws IOException {
            if (version != 1) {
                throw new IOException("Unknown lake split version " + version + ".");
            }
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
                String id = in.readUTF();
                byte[] split = new byte[in.readInt()];
                in.readFully(split);
                return new LakeSplit(id, split, in.readLong());
            }
        }
    }
}
