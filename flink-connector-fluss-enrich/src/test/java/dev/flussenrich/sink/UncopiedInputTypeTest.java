/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UncopiedInputTypeTest {

    private static final InternalTypeInfo<RowData> ROWS =
            InternalTypeInfo.of(RowType.of(new IntType(), VarCharType.STRING_TYPE));

    private final TypeSerializer<RowData> wrapped =
            ROWS.createSerializer(new SerializerConfigImpl());
    private final TypeSerializer<RowData> uncopied =
            new UncopiedInputType<>(ROWS).createSerializer(new SerializerConfigImpl());

    @Test
    void aCopyIsTheRecordItself() {
        RowData row = GenericRowData.of(7, StringData.fromString("10.0.0.7"));
        assertThat(uncopied.copy(row)).isSameAs(row);
        assertThat(uncopied.copy(row, uncopied.createInstance())).isSameAs(row);
        assertThat(wrapped.copy(row)).isNotSameAs(row);
    }

    @Test
    void recordsCrossAnEdgeAsTheWrappedSerializerWritesThem() throws Exception {
        RowData row = GenericRowData.of(7, StringData.fromString("10.0.0.7"));
        DataOutputSerializer ours = new DataOutputSerializer(64);
        DataOutputSerializer theirs = new DataOutputSerializer(64);
        uncopied.serialize(row, ours);
        wrapped.serialize(row, theirs);
        assertThat(ours.getCopyOfBuffer()).isEqualTo(theirs.getCopyOfBuffer());

        RowData read = uncopied.deserialize(new DataInputDeserializer(ours.getCopyOfBuffer()));
        assertThat(read.getInt(0)).isEqualTo(7);
        assertThat(read.getString(1).toString()).isEqualTo("10.0.0.7");
        assertThat(uncopied.duplicate()).isEqualTo(uncopied);
    }
}
