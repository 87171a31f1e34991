/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.DataGetters;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.RowType;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Reads a lake table the way any Paimon user would: Paimon's catalog and reader, no code of
 * fluss-enrich. Rows come back as {@code name=value} strings in field order.
 */
final class PaimonReads {

    private PaimonReads() {}

    static FileStoreTable table(Path warehouse, String database, String table) throws Exception {
        Options options = new Options();
        options.set("warehouse", warehouse.toUri().toString());
        try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options))) {
            return (FileStoreTable) catalog.getTable(Identifier.create(database, table));
        }
    }

    static List<String> rows(FileStoreTable table) throws Exception {
        FileStoreTable fresh = table.copyWithLatestSchema();
        ReadBuilder read = fresh.newReadBuilder();
        List<DataField> fields = fresh.rowType().getFields();
        List<String> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader =
                read.newRead().createReader(read.newScan().plan())) {
            reader.forEachRemaining(row -> rows.add(describe(row, fields)));
        }
        rows.sort(null);
        return rows;
    }

    /**
     * The first {@code columns} values of every row, nested ones as lists (arrays, rows) and sorted
     * maps, so that they compare with {@code equals}.
     */
    static List<List<Object>> values(FileStoreTable table, int columns) throws Exception {
        FileStoreTable fresh = table.copyWithLatestSchema();
        ReadBuilder read = fresh.newReadBuilder();
        List<DataField> fields = fresh.rowType().getFields();
        List<List<Object>> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader =
                read.newRead().createReader(read.newScan().plan())) {
            reader.forEachRemaining(
                    row -> {
                        List<Object> values = new ArrayList<>();
                        for (int i = 0; i < columns; i++) {
                            values.add(value(row, i, fields.get(i).type()));
                        }
                        rows.add(values);
                    });
        }
        return rows;
    }

    private static Object value(DataGetters data, int i, DataType type) {
        if (data.isNullAt(i)) {
            return null;
        }
        return switch (type.getTypeRoot()) {
            case INTEGER -> data.getInt(i);
            case BIGINT -> data.getLong(i);
            case FLOAT -> data.getFloat(i);
            case DOUBLE -> data.getDouble(i);
            case VARCHAR, CHAR -> data.getString(i).toString();
            case ARRAY -> list(data.getArray(i), ((ArrayType) type).getElementType());
            case MAP -> {
                MapType mapType = (MapType) type;
                InternalMap map = data.getMap(i);
                List<Object> keys = list(map.keyArray(), mapType.getKeyType());
                List<Object> values = list(map.valueArray(), mapType.getValueType());
                Map<Object, Object> sorted = new TreeMap<>();
                for (int k = 0; k < keys.size(); k++) {
                    sorted.put(keys.get(k), values.get(k));
                }
                yield sorted;
            }
            case ROW -> {
                RowType rowType = (RowType) type;
                InternalRow nested = data.getRow(i, rowType.getFieldCount());
                List<Object> fields = new ArrayList<>();
                for (int f = 0; f < rowType.getFieldCount(); f++) {
                    fields.add(value(nested, f, rowType.getTypeAt(f)));
                }
                yield fields;
            }
            default -> throw new IllegalArgumentException("No test reads " + type);
        };
    }

    private static List<Object> list(InternalArray array, DataType elementType) {
        List<Object> elements = new ArrayList<>();
        for (int e = 0; e < array.size(); e++) {
            elements.add(value(array, e, elementType));
        }
        return elements;
    }

    private static String describe(InternalRow row, List<DataField> fields) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            DataField field = fields.get(i);
            Object value = null;
            if (!row.isNullAt(i)) {
                DataTypeRoot root = field.type().getTypeRoot();
                value =
                        switch (root) {
                            case INTEGER -> row.getInt(i);
                            case BIGINT -> row.getLong(i);
                            case DOUBLE -> row.getDouble(i);
                            case VARCHAR, CHAR -> row.getString(i).toString();
                            case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                                    row.getTimestamp(i, 3).getMillisecond();
                            default -> "?" + root;
                        };
            }
            values.add(field.name() + "=" + value);
        }
        return String.join(" ", values);
    }

    /** Polls the lake table until its rows match, or fails with the last rows seen. */
    static List<String> awaitRows(FileStoreTable table, Predicate<List<String>> done)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        List<String> rows = List.of();
        while (System.nanoTime() < deadline) {
            rows = table.latestSnapshot().isPresent() ? rows(table) : List.of();
            if (done.test(rows)) {
                return rows;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("The lake did not reach the expected rows; last seen: " + rows);
    }

    /** The per-bucket offsets the newest snapshot recorded, as Paimon hands its properties. */
    static Map<String, String> snapshotProperties(FileStoreTable table) {
        return table.copyWithLatestSchema().latestSnapshot().orElseThrow().properties();
    }
}
