/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.iceberg;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.lake.tiering.CommitterState;

import org.apache.flink.annotation.Internal;

import org.apache.iceberg.DataFile;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one Iceberg writer subtask hands the committer at a checkpoint: the data files it wrote
 * since the last one, and per bucket the first base offset not in them. It travels as bytes (Java
 * serialization, which Iceberg's data files support), so the stream needs no Kryo.
 */
@Internal
record IcebergCommittable(
        long checkpointId, List<DataFile> files, Map<EnrichedBucket, Long> offsets)
        implements Serializable {

    /** The checkpoint id of files handed over at the end of input, before the final checkpoint. */
    static final long END_OF_INPUT = CommitterState.END_OF_INPUT;

    IcebergCommittable {
        files = new ArrayList<>(files);
        offsets = new HashMap<>(offsets);
    }

    byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static IcebergCommittable fromBytes(byte[] bytes) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return (IcebergCommittable) in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
