/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;

/**
 * A record serializer whose copy is the record itself; everything else is the wrapped serializer's.
 * Flink copies each record it hands to a chained operator (when object reuse is off) with that
 * operator's input serializer, so that the operator may keep it. The narrowing keeps nothing: it
 * reads the record while the record is being emitted and hands a view of it to an exchange, whose
 * serializer writes the view out before the emitting operator can touch the record again.
 */
@Internal
final class UncopiedInputSerializer<T> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    private final TypeSerializer<T> serializer;

    UncopiedInputSerializer(TypeSerializer<T> serializer) {
        this.serializer = serializer;
    }

    @Override
    public T copy(T from) {
        return from;
    }

    @Override
    public T copy(T from, T reuse) {
        return from;
    }

    @Override
    public boolean isImmutableType() {
        return serializer.isImmutableType();
    }

    @Override
    public TypeSerializer<T> duplicate() {
        TypeSerializer<T> duplicate = serializer.duplicate();
        return duplicate == serializer ? this : new UncopiedInputSerializer<>(duplicate);
    }

    @Override
    public T createInstance() {
        return serializer.createInstance();
    }

    @Override
    public int getLength() {
        return serializer.getLength();
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        serializer.serialize(record, target);
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        return serializer.deserialize(source);
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return serializer.deserialize(reuse, source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        serializer.copy(source, target);
    }

    /** The wrapped serializer's: this one never serializes state, it only reads an edge. */
    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return serializer.snapshotConfiguration();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof UncopiedInputSerializer<?> uncopied
                && serializer.equals(uncopied.serializer);
    }

    @Override
    public int hashCode() {
        return serializer.hashCode();
    }
}
