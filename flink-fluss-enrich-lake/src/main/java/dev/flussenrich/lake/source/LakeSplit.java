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
 * One Paimon split of the lake snapshot (Paimon's own split, Java-serialized as Paimon's Flink
 * source ships it) and how many of its rows were emitted before the last checkpoint.
 */
@Internal
public record LakeSplit(String splitId, byte[] paimonSplit, long recordsToSkip)
        implements SourceSplit {

    LakeSplit skipping(long records) {
        return new LakeSplit(splitId, paimonSplit, records);
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
                out.writeInt(split.paimonSplit.length);
                out.write(split.paimonSplit);
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
