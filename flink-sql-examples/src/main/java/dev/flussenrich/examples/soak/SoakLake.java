/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import dev.flussenrich.lake.FlussEnrichLake;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.RowType;

import java.nio.file.Path;

/**
 * The enriched tiering of the soak's table into a Paimon warehouse, and a read of what it holds.
 */
final class SoakLake {

    private final Path warehouse;

    SoakLake(Path warehouse) {
        this.warehouse = warehouse;
    }

    /** Starts the streaming tiering job (both groups, parallelism 2). */
    void start(SoakFlink flink, String bootstrapServers) throws Exception {
        StreamExecutionEnvironment env = flink.environment(2, null);
        FlussEnrichLake.tiering()
                .setBootstrapServers(bootstrapServers)
                .setTable(SoakTable.DATABASE, SoakTable.NAME)
                .setWarehouse(warehouse.toUri().toString())
                .addTo(env);
        flink.track(env.executeAsync("soak lake tiering"), "lake tiering");
    }

    /** Every row of the lake table, read with Paimon's own reader. */
    SoakRows read() throws Exception {
        SoakRows rows = new SoakRows();
        FileStoreTable lake = table();
        RowType type = lake.rowType();
        int id = type.getFieldIndex("id");
        int city = type.getFieldIndex("city");
        int score = type.getFieldIndex("score");
        int label = type.getFieldIndex("label");
        ReadBuilder read = lake.newReadBuilder();
        try (RecordReader<InternalRow> reader =
                read.newRead().createReader(read.newScan().plan())) {
            reader.forEachRemaining(
                    row ->
                            rows.add(
                                    row.getLong(id),
                                    row.isNullAt(city) ? null : row.getString(city).toString(),
                                    row.isNullAt(score) ? null : row.getInt(score),
                                    row.isNullAt(label) ? null : row.getString(label).toString()));
        }
        return rows;
    }

    private FileStoreTable table() throws Exception {
        Options options = new Options();
        options.set("warehouse", warehouse.toUri().toString());
        try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options))) {
            return (FileStoreTable)
                    catalog.getTable(Identifier.create(SoakTable.DATABASE, SoakTable.NAME));
        }
    }
}
