/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.iceberg;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Flink's internal row values as Iceberg's generic ones ({@link Record}, {@code List}, {@code Map},
 * {@code String}, {@code java.time}), for Iceberg's generic Parquet writer.
 */
@Internal
final class FlinkToIceberg {

    private final Types.StructType struct;
    private final RowData.FieldGetter[] getters;
    private final List<Function<Object, Object>> converters = new ArrayList<>();

    /** Converts the first {@code struct.fields().size()} fields of rows of {@code type}. */
    FlinkToIceberg(RowType type, Types.StructType struct) {
        this.struct = struct;
        int fields = struct.fields().size();
        this.getters = new RowData.FieldGetter[fields];
        for (int i = 0; i < fields; i++) {
            LogicalType field = type.getTypeAt(i);
            getters[i] = RowData.createFieldGetter(field, i);
            converters.add(converter(field, struct.fields().get(i).type()));
        }
    }

    Record toRecord(RowData row) {
        GenericRecord record = GenericRecord.create(struct);
        for (int i = 0; i < getters.length; i++) {
            Object value = getters[i].getFieldOrNull(row);
            record.set(i, value == null ? null : converters.get(i).apply(value));
        }
        return record;
    }

    private static Function<Object, Object> converter(
            LogicalType type, org.apache.iceberg.types.Type iceberg) {
        return switch (type.getTypeRoot()) {
            case TINYINT -> value -> (int) (Byte) value;
            case SMALLINT -> value -> (int) (Short) value;
            case DECIMAL -> value -> ((DecimalData) value).toBigDecimal();
            case CHAR, VARCHAR -> value -> ((StringData) value).toString();
            case BINARY, VARBINARY -> value -> ByteBuffer.wrap((byte[]) value);
            case DATE -> value -> LocalDate.ofEpochDay((Integer) value);
            case TIME_WITHOUT_TIME_ZONE ->
                    value -> LocalTime.ofNanoOfDay((Integer) value * 1_000_000L);
            case TIMESTAMP_WITHOUT_TIME_ZONE -> value -> ((TimestampData) value).toLocalDateTime();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    value -> ((TimestampData) value).toInstant().atOffset(ZoneOffset.UTC);
            case ARRAY -> array((ArrayType) type, (Types.ListType) iceberg);
            case MAP -> map((MapType) type, (Types.MapType) iceberg);
            case ROW -> {
                FlinkToIceberg nested =
                        new FlinkToIceberg((RowType) type, (Types.StructType) iceberg);
                yield value -> nested.toRecord((RowData) value);
            }
            default -> value -> value;
        };
    }

    private static Function<Object, Object> array(ArrayType type, Types.ListType iceberg) {
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(type.getElementType());
        Function<Object, Object> element = converter(type.getElementType(), iceberg.elementType());
        return value -> {
            ArrayData array = (ArrayData) value;
            List<Object> list = new ArrayList<>(array.size());
            for (int i = 0; i < array.size(); i++) {
                Object item = getter.getElementOrNull(array, i);
                list.add(item == null ? null : element.apply(item));
            }
            return list;
        };
    }

    private static Function<Object, Object> map(MapType type, Types.MapType iceberg) {
        ArrayData.ElementGetter keyGetter = ArrayData.createElementGetter(type.getKeyType());
        ArrayData.ElementGetter valueGetter = ArrayData.createElementGetter(type.getValueType());
        Function<Object, Object> key = converter(type.getKeyType(), iceberg.keyType());
        Function<Object, Object> val = converter(type.getValueType(), iceberg.valueType());
        return value -> {
            MapData map = (MapData) value;
            ArrayData keys = map.keyArray();
            ArrayData values = map.valueArray();
            Map<Object, Object> out = new LinkedHashMap<>();
            for (int i = 0; i < map.size(); i++) {
                Object v = valueGetter.getElementOrNull(values, i);
                out.put(
                        key.apply(keyGetter.getElementOrNull(keys, i)),
                        v == null ? null : val.apply(v));
            }
            return out;
        };
    }
}
