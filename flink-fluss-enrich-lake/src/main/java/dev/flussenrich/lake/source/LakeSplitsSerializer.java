/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The enumerator's state: the lake splits not handed out yet. */
@Internal
final class LakeSplitsSerializer implements SimpleVersionedSerializer<List<LakeSplit>> {

    @Override
    public int getVersion() {
        return 1;
    }

    @Override
    public byte[] serialize(List<LakeSplit> splits) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(splits.size());
            for (LakeSplit split : splits) {
                byte[] serialized = LakeSplit.Serializer.INSTANCE.serialize(split);
                out.writeInt(serialized.length);
                out.write(serialized);
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public List<LakeSplit> deserialize(int version, byte[] serialized) throws IOException {
        List<LakeSplit> splits = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            for (int i = in.readInt(); i > 0; i--) {
                byte[] split = new byte[in.readInt()];
                in.readFully(split);
                splits.add(LakeSplit.Serializer.INSTANCE.deserialize(version, split));
            }
        }
        return splits;
    }
}
