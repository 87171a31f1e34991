/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.iceberg;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Flink's logical types as Iceberg's, as Fluss's own Iceberg tiering maps them: TINYINT and
 * SMALLINT widen to int, TIMESTAMP_LTZ is {@code timestamptz}, arrays, maps and rows nest. Field
 * ids are numbered by {@code ids}; tables get fresh ones when they are created.
 */
@Internal
final class IcebergTypes {

    private IcebergTypes() {}

    static Type of(String column, LogicalType type, AtomicInteger ids) {
        return switch (type.getTypeRoot()) {
            case BOOLEAN -> Types.BooleanType.get();
            case TINYINT, SMALLINT, INTEGER -> Types.IntegerType.get();
            case BIGINT -> Types.LongType.get();
            case FLOAT -> Types.FloatType.get();
            case DOUBLE -> Types.DoubleType.get();
            case DECIMAL ->
                    Types.DecimalType.of(
                            ((DecimalType) type).getPrecision(), ((DecimalType) type).getScale());
            case CHAR, VARCHAR -> Types.StringType.get();
            case BINARY, VARBINARY -> Types.BinaryType.get();
            case DATE -> Types.DateType.get();
            case TIME_WITHOUT_TIME_ZONE -> Types.TimeType.get();
            case TIMESTAMP_WITHOUT_TIME_ZONE -> Types.TimestampType.withoutZone();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Types.TimestampType.withZone();
            case ARRAY -> {
                LogicalType element = ((ArrayType) type).getElementType();
                int id = ids.incrementAndGet();
                Type elementType = of(column, element, ids);
                yield element.isNullable()
                        ? Types.ListType.ofOptional(id, elementType)
                        : Types.ListType.ofRequired(id, elementType);
            }
            case MAP -> {
                MapType map = (MapType) type;
                int keyId = ids.incrementAndGet();
                int valueId = ids.incrementAndGet();
                Type key = of(column, map.getKeyType(), ids);
                Type value = of(column, map.getValueType(), ids);
                yield map.getValueType().isNullable()
                        ? Types.MapType.ofOptional(keyId, valueId, key, value)
                        : Types.MapType.ofRequired(keyId, valueId, key, value);
            }
            case ROW -> struct(column, (RowType) type, ids);
            default ->
                    throw new IllegalArgumentException(
                            "Column '"
                                    + column
                                    + "' has type "
                                    + type
                                    + ", which enriched tiering does not write to Iceberg: leave"
                                    + " its group out of the lake with setGroups.");
        };
    }

    static Types.StructType struct(String column, RowType row, AtomicInteger ids) {
        List<Types.NestedField> fields = new ArrayList<>();
        for (RowType.RowField field : row.getFields()) {
            int id = ids.incrementAndGet();
            fields.add(
                    Types.NestedField.of(
                            id,
                            field.getType().isNullable(),
                            field.getName(),
                            of(column + "." + field.getName(), field.getType(), ids)));
        }
        return Types.StructType.of(fields);
    }
}
