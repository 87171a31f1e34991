/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.iceberg;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.iceberg.StructLike;
import org.apache.iceberg.util.ByteBuffers;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Iceberg's generic values (as its generic Parquet reader returns them) as Flink's internal ones,
 * by the Flink type each column has in the logical table: the way back of {@link FlinkToIceberg}.
 */
@Internal
public final class IcebergToFlink {

    private final List<Function<Object, Object>> converters;

    /** Converts Iceberg structs whose fields have the Flink types {@code fields}, in order. */
    public IcebergToFlink(List<LogicalType> fields) {
        this.converters = fields.stream().map(IcebergToFlink::converter).toList();
    }

    /**
     * The struct's fields at {@code positions} (field {@code i} of the row from {@code
     * positions[i]}).
     */
    public GenericRowData toRow(StructLike struct, int[] positions) {
        GenericRowData row = new GenericRowData(positions.length);
        for (int i = 0; i < positions.length; i++) {
            Object value = struct.get(positions[i], Object.class);
            row.setField(i, value == null ? null : converters.get(i).apply(value));
        }
        return row;
    }

    private static Function<Object, Object> converter(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case TINYINT -> value -> ((Integer) value).byteValue();
            case SMALLINT -> value -> ((Integer) value).shortValue();
            case DECIMAL -> {
                DecimalType decimal = (DecimalType) type;
                yield value ->
                        DecimalData.fromBigDecimal(
                                (BigDecimal) value, decimal.getPrecision(), decimal.getScale());
            }
            case CHAR, VARCHAR -> value -> StringData.fromString(value.toString());
            case BINARY, VARBINARY -> value -> ByteBuffers.toByteArray((ByteBuffer) value);
            case DATE -> value -> (int) ((LocalDate) value).toEpochDay();
            case TIME_WITHOUT_TIME_ZONE ->
                    value -> (int) (((LocalTime) value).toNanoOfDay() / 1_000_000L);
            case TIMESTAMP_WITHOUT_TIME_ZONE ->
                    value -> TimestampData.fromLocalDateTime((LocalDateTime) value);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    value -> TimestampData.fromInstant(((OffsetDateTime) value).toInstant());
            case ARRAY -> {
                Function<Object, Object> element = converter(((ArrayType) type).getElementType());
                yield value -> {
                    List<?> list = (List<?>) value;
                    Object[] array = new Object[list.size()];
                    for (int i = 0; i < array.length; i++) {
                        Object item = list.get(i);
                        array[i] = item == null ? null : element.apply(item);
                    }
                    return new GenericArrayData(array);
                };
            }
            case MAP -> {
                Function<Object, Object> key = converter(((MapType) type).getKeyType());
                Function<Object, Object> val = converter(((MapType) type).getValueType());
                yield value -> {
                    Map<Object, Object> map = new LinkedHashMap<>();
                    ((Map<?, ?>) value)
                            .forEach(
                                    (k, v) ->
                                            map.put(key.apply(k), v == null ? null : val.apply(v)));
                    return new GenericMapData(map);
                };
            }
            case ROW -> {
                List<LogicalType> fields = ((RowType) type).getChildren();
                IcebergToFlink nested = new IcebergToFlink(fields);
                int[] positions = new int[fields.size()];
                for (int i = 0; i < positions.length; i++) {
                    positions[i] = i;
                }
                yield value -> nested.toRow((StructLike) value, positions);
            }
            default -> value -> value;
        };
    }
}
