/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.tiering;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.flink.annotation.Internal;

import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one writer subtask hands the committer at a checkpoint: the Paimon files it wrote since the
 * last one, and per bucket the first base offset not in them. It travels as bytes (Paimon's own
 * commit-message serializer inside), so the stream needs no Kryo.
 */
@Internal
record TieringCommittable(
        long checkpointId, List<CommitMessage> messages, Map<EnrichedBucket, Long> offsets) {

    /** The checkpoint id of files handed over at the end of input, before the final checkpoint. */
    static final long END_OF_INPUT = CommitterState.END_OF_INPUT;

    byte[] toBytes() {
        CommitMessageSerializer serializer = new CommitMessageSerializer();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(checkpointId);
            out.writeInt(serializer.getVersion());
            out.writeInt(messages.size());
            for (CommitMessage message : messages) {
                byte[] serialized = serializer.serialize(message);
                out.writeInt(serialized.length);
                out.write(serialized);
            }
            out.writeInt(offsets.size());
            for (Map.Entry<EnrichedBucket, Long> entry : offsets.entrySet()) {
                String partition = entry.getKey().partitionName();
                out.writeBoolean(partition != null);
                if (partition != null) {
                    out.writeUTF(partition);
                }
                out.writeInt(entry.getKey().bucket());
                out.writeLong(entry.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static TieringCommittable fromBytes(byte[] bytes) {
        CommitMessageSerializer serializer = new CommitMessageSerializer();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            long checkpointId = in.readLong();
            int version = in.readInt();
            List<CommitMessage> messages = new ArrayList<>();
            for (int i = in.readInt(); i > 0; i--) {
                byte[] serialized = new byte[in.readInt()];
                in.readFully(serialized);
                messages.add(serializer.deserialize(version, serialized));
            }
            Map<EnrichedBucket, Long> offsets = new HashMap<>();
            for (int i = in.readInt(); i > 0; i--) {
                String partition = in.readBoolean() ? in.readUTF() : null;
                offsets.put(EnrichedBucket.of(partition, in.readInt()), in.readLong());
            }
            return new TieringCommittable(checkpointId, messages, offsets);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
