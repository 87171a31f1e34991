/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.read.StitchedRecord;

import org.apache.fluss.flink.utils.FlinkConversions;
import org.apache.fluss.flink.utils.FlussRowToFlinkRowConverter;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.Decimal;
import org.apache.fluss.row.GenericArray;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.TimestampLtz;
import org.apache.fluss.row.TimestampNtz;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.binary.BinaryRowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL source's rows are binary rows with the same values Fluss's own converter gives, for every
 * type (nulls and nested types included; arrays of primitives, copied in bulk, with and without
 * null elements), followed by the identity metadata.
 */
class RowDataDeserializerTest {

    private static final DataType PHYSICAL =
            DataTypes.ROW(
                    DataTypes.FIELD("b", DataTypes.BOOLEAN()),
                    DataTypes.FIELD("t", DataTypes.TINYINT()),
                    DataTypes.FIELD("s", DataTypes.SMALLINT()),
                    DataTypes.FIELD("i", DataTypes.INT()),
                    DataTypes.FIELD("l", DataTypes.BIGINT()),
                    DataTypes.FIELD("f", DataTypes.FLOAT()),
                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                    DataTypes.FIELD("str", DataTypes.STRING()),
                    DataTypes.FIELD("ch", DataTypes.CHAR(3)),
                    DataTypes.FIELD("bin", DataTypes.BYTES()),
                    DataTypes.FIELD("dec_small", DataTypes.DECIMAL(10, 2)),
                    DataTypes.FIELD("dec_wide", DataTypes.DECIMAL(30, 5)),
                    DataTypes.FIELD("date", DataTypes.DATE()),
                    DataTypes.FIELD("time", DataTypes.TIME()),
                    DataTypes.FIELD("ts3", DataTypes.TIMESTAMP(3)),
                    DataTypes.FIELD("ts9", DataTypes.TIMESTAMP(9)),
                    DataTypes.FIELD("ltz6", DataTypes.TIMESTAMP_LTZ(6)),
                    DataTypes.FIELD("arr", DataTypes.ARRAY(DataTypes.INT())),
                    DataTypes.FIELD("vec", DataTypes.ARRAY(DataTypes.FLOAT())),
                    DataTypes.FIELD("flags", DataTypes.ARRAY(DataTypes.BOOLEAN())),
                    DataTypes.FIELD("gaps", DataTypes.ARRAY(DataTypes.BIGINT())),
                    DataTypes.FIELD("words", DataTypes.ARRAY(DataTypes.STRING())));

    private static final List<IdentityMetadata> METADATA =
            List.of(
                    IdentityMetadata.PARTITION,
                    IdentityMetadata.BUCKET,
                    IdentityMetadata.OFFSET,
                    IdentityMetadata.TIMESTAMP);

    @Test
    void writesEveryTypeAsFlussOwnConverterReadsIt() {
        GenericRow values =
                GenericRow.of(
                        true,
                        (byte) 7,
                        (short) 300,
                        42,
                        1L << 40,
                        1.5f,
                        2.25,
                        BinaryString.fromString("héllo"),
                        BinaryString.fromString("abc"),
                        new byte[] {1, 2, 3},
                        Decimal.fromBigDecimal(new BigDecimal("12345678.91"), 10, 2),
                        Decimal.fromBigDecimal(
                                new BigDecimal("1234567890123456789012345.12345"), 30, 5),
                        20_000,
                        3_600_000,
                        TimestampNtz.fromMillis(1_767_225_600_123L),
                        TimestampNtz.fromMillis(1_767_225_600_123L, 456_789),
                        TimestampLtz.fromEpochMillis(1_767_225_600_123L, 456_000),
                        new GenericArray(new int[] {1, 2, 3}),
                        new GenericArray(new float[] {0.5f, -1.25f, 3e-7f}),
                        new GenericArray(new boolean[] {true, false}),
                        new GenericArray(new Object[] {1L, null, 3L}),
                        new GenericArray(new Object[] {BinaryString.fromString("a"), null}));
        GenericRow nulls = new GenericRow(values.getFieldCount());

        for (GenericRow row : List.of(values, nulls)) {
            StitchedRecord record =
                    new StitchedRecord(EnrichedBucket.of("2026-12-01", 3), 17L, 1_000L, row);
            RowData actual = deserializer().deserialize(record);

            assertThat(actual).isInstanceOf(BinaryRowData.class);
            assertThat(fieldsOf(actual, producedType()))
                    .containsExactlyElementsOf(expected(record));
        }
    }

    @Test
    void aNonPartitionedRowHasANullPartition() {
        StitchedRecord record =
                new StitchedRecord(
                        EnrichedBucket.of(0), 5L, 9L, new GenericRow(PHYSICAL_FIELD_COUNT));
        List<Object> fields = fieldsOf(deserializer().deserialize(record), producedType());
        assertThat(fields.subList(PHYSICAL_FIELD_COUNT, fields.size()))
                .containsExactly(
                        null, 0, 5L, org.apache.flink.table.data.TimestampData.fromEpochMillis(9L));
    }

    private static final int PHYSICAL_FIELD_COUNT =
            ((RowType) PHYSICAL.getLogicalType()).getFieldCount();

    private static RowDataDeserializer deserializer() {
        RowType physical = (RowType) PHYSICAL.getLogicalType();
        return new RowDataDeserializer(
                FlinkConversions.toFlussRowType(physical),
                physical,
                METADATA,
                InternalTypeInfo.of(producedType()));
    }

    private static RowType producedType() {
        List<DataTypes.Field> fields = new ArrayList<>(DataType.getFields(PHYSICAL));
        for (IdentityMetadata metadata : METADATA) {
            fields.add(DataTypes.FIELD(metadata.columnName(), metadata.type()));
        }
        return (RowType) DataTypes.ROW(fields).getLogicalType();
    }

    /** What Fluss's own converter reads from the row, then the metadata values. */
    private static List<Object> expected(StitchedRecord record) {
        RowType physical = (RowType) PHYSICAL.getLogicalType();
        RowData converted =
                new FlussRowToFlinkRowConverter(FlinkConversions.toFlussRowType(physical))
                        .toFlinkRowData(record.row());
        List<Object> expected = fieldsOf(converted, physical);
        expected.add(
                org.apache.flink.table.data.StringData.fromString(record.bucket().partitionName()));
        expected.add(record.bucket().bucket());
        expected.add(record.offset());
        expected.add(org.apache.flink.table.data.TimestampData.fromEpochMillis(record.timestamp()));
        return expected;
    }

    /**
     * The row's fields as Flink reads them, binary nested values made comparable through a copy to
     * the same representation.
     */
    private static List<Object> fieldsOf(RowData row, RowType type) {
        RowData comparable = new RowDataSerializer(type).toBinaryRow(row);
        List<Object> fields = new ArrayList<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            LogicalType fieldType = type.getTypeAt(i);
            Object value = RowData.createFieldGetter(fieldType, i).getFieldOrNull(comparable);
            fields.add(comparableOf(value, fieldType));
        }
        return fields;
    }

    /** Bytes and arrays as lists of their values (nulls kept), other values as they are. */
    private static Object comparableOf(Object value, LogicalType type) {
        if (value instanceof byte[] bytes) {
            return java.util.Arrays.toString(bytes);
        }
        if (value instanceof org.apache.flink.table.data.ArrayData array) {
            LogicalType elementType = ((ArrayType) type).getElementType();
            ArrayData.ElementGetter getter = ArrayData.createElementGetter(elementType);
            List<Object> elements = new ArrayList<>();
            for (int i = 0; i < array.size(); i++) {
                elements.add(getter.getElementOrNull(array, i));
            }
            return elements;
        }
        return value;
    }
}
