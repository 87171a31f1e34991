/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;

import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Values of a Flink row in the form {@link PaimonReads#values} gives them (lists and sorted maps),
 * walked by the lake table's Paimon types.
 */
final class FlinkValues {

    private FlinkValues() {}

    static List<Object> of(RowData row, RowType type, int columns) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
            values.add(row.isNullAt(i) ? null : value(row, i, type.getTypeAt(i)));
        }
        return values;
    }

    private static Object value(RowData row, int i, DataType type) {
        return switch (type.getTypeRoot()) {
            case INTEGER -> row.getInt(i);
            case BIGINT -> row.getLong(i);
            case FLOAT -> row.getFloat(i);
            case DOUBLE -> row.getDouble(i);
            case VARCHAR, CHAR -> row.getString(i).toString();
            case ARRAY -> list(row.getArray(i), ((ArrayType) type).getElementType());
            case MAP -> map(row.getMap(i), (MapType) type);
            case ROW ->
                    of(
                            row.getRow(i, ((RowType) type).getFieldCount()),
                            (RowType) type,
                            ((RowType) type).getFieldCount());
            default -> throw new IllegalArgumentException("No test reads " + type);
        };
    }

    private static Object element(ArrayData array, int i, DataType type) {
        if (array.isNullAt(i)) {
            return null;
        }
        return switch (type.getTypeRoot()) {
            case INTEGER -> array.getInt(i);
            case BIGINT -> array.getLong(i);
            case FLOAT -> array.getFloat(i);
            case DOUBLE -> array.getDouble(i);
            case VARCHAR, CHAR -> array.getString(i).toString();
            case ARRAY -> list(array.getArray(i), ((ArrayType) type).getElementType());
            case MAP -> map(array.getMap(i), (MapType) type);
            case ROW ->
                    of(
                            array.getRow(i, ((RowType) type).getFieldCount()),
                            (RowType) type,
                            ((RowType) type).getFieldCount());
            default -> throw new IllegalArgumentException("No test reads " + type);
        };
    }

    private static List<Object> list(ArrayData array, DataType elementType) {
        List<Object> elements = new ArrayList<>();
        for (int e = 0; e < array.size(); e++) {
            elements.add(element(array, e, elementType));
        }
        return elements;
    }

    private static Map<Object, Object> map(MapData map, MapType type) {
        List<Object> keys = list(map.keyArray(), type.getKeyType());
        List<Object> values = list(map.valueArray(), type.getValueType());
        Map<Object, Object> sorted = new TreeMap<>();
        for (int k = 0; k < keys.size(); k++) {
            sorted.put(keys.get(k), values.get(k));
        }
        return sorted;
    }
}
