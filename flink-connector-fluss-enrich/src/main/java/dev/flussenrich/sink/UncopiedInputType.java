/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The type of an edge into an operator that needs no copy of its records: the records' own type,
 * whose serializer's copy is the record itself (see {@link UncopiedInputSerializer}).
 */
@Internal
final class UncopiedInputType<T> extends TypeInformation<T> {

    private static final long serialVersionUID = 1L;

    private final TypeInformation<T> type;

    UncopiedInputType(TypeInformation<T> type) {
        this.type = type;
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return new UncopiedInputSerializer<>(type.createSerializer(config));
    }

    /**
     * Flink 1.20's abstract method, which its {@link #createSerializer(SerializerConfig)} calls.
     */
    @Deprecated
    public TypeSerializer<T> createSerializer(ExecutionConfig config) {
        return createSerializer(config.getSerializerConfig());
    }

    @Override
    public boolean isBasicType() {
        return type.isBasicType();
    }

    @Override
    public boolean isTupleType() {
        return type.isTupleType();
    }

    @Override
    public int getArity() {
        return type.getArity();
    }

    @Override
    public int getTotalFields() {
        return type.getTotalFields();
    }

    @Override
    public Class<T> getTypeClass() {
        return type.getTypeClass();
    }

    @Override
    public boolean isKeyType() {
        return type.isKeyType();
    }

    @Override
    public String toString() {
        return type.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof UncopiedInputType<?> uncopied && type.equals(uncopied.type);
    }

    @Override
    public int hashCode() {
        return type.hashCode();
    }

    @Override
    public boolean canEqual(Object other) {
        return other instanceof UncopiedInputType;
    }
}
