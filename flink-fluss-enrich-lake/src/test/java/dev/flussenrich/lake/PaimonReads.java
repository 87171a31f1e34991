/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypeRoot;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
