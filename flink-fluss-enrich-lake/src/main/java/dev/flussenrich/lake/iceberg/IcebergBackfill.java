/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.iceberg;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.lake.BackfillValues;
import dev.flussenrich.lake.BackfillValues.Values;
import dev.flussenrich.lake.ColumnBackfill;
import dev.flussenrich.lake.LakeSchemaEvolution;
import dev.flussenrich.lake.LakeTableSpec;

import org.apache.fluss.client.Connection;

import org.apache.flink.annotation.Internal;

import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.ReplacePartitions;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.types.Types;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Fills the columns of groups added to an Iceberg lake table that held rows already ({@link
 * LakeSchemaEvolution#BACKFILL_COLUMNS}), as {@link dev.flussenrich.lake.LakeBackfill} does for
 * Paimon: the rows of every partition still in Fluss are written again with the groups' values
 * ({@link BackfillValues}) and replace that partition in one Iceberg snapshot that keeps the tiered
 * offsets. A row whose base has left Fluss keeps NULL. Runs before the tiering job starts.
 */
@Internal
public final class IcebergBackfill extends ColumnBackfill<Table> {

    private final IcebergLakeTable lake;
    private final EnrichedTable source;
    private final FlussConnectionConfig connection;

    public IcebergBackfill(
            IcebergLakeTable lake, EnrichedTable source, FlussConnectionConfig connection) {
        this.lake = lake;
        this.source = source;
        this.connection = connection;
    }

    @Override
    protected Table load() {
        return lake.load();
    }

    @Override
    protected Map<String, String> tableOptions(Table table) {
        return table.properties();
    }

    @Override
    protected Map<String, String> latestTieredProperties(Table table) {
        return IcebergLakeTable.latestTieredSummary(table);
    }

    @Override
    protected void clearMark(Table table) {
        table.updateProperties().remove(LakeSchemaEvolution.BACKFILL_COLUMNS).commit();
    }

    @Override
    protected String describe() {
        return "Iceberg table '" + lake.fullName() + "'";
    }

    @Override
    protected void fill(Table table, Map<String, String> tiered, List<String> columns)
            throws Exception {
        List<DataFile> written = new ArrayList<>();
        try (Connection fluss = connection.connect();
                BackfillValues fromFluss = new BackfillValues(fluss, source, columns, tiered)) {
            // The current snapshot's rows, read with the current schema (the new columns' too).
            Rewriter rewriter = new Rewriter(table, fromFluss, columns);
            for (String partition : fromFluss.partitions()) {
                written.addAll(rewriter.rewrite(partition));
            }
        }
        if (written.isEmpty()) {
            return;
        }
        // Replaces the partitions written (the whole table when it has none); fails if anything
        // was committed meanwhile.
        ReplacePartitions replace =
                table.newReplacePartitions()
                        .validateFromSnapshot(table.currentSnapshot().snapshotId())
                        .validateNoConflictingData()
                        .validateNoConflictingDeletes();
        written.forEach(replace::addFile);
        tiered.entrySet().stream()
                .filter(e -> e.getKey().startsWith("fluss-enrich."))
                .forEach(e -> replace.set(e.getKey(), e.getValue()));
        replace.set(FILLED_COLUMNS, String.join(",", columns));
        replace.commit();
    }

    /** Writes the rows of one partition again, with the values Fluss holds for them. */
    private final class Rewriter {

        private final Table table;
        private final BackfillValues fromFluss;
        private final List<String> columns;
        private final FlinkToIceberg toIceberg;
        private final GenericAppenderFactory appenders;
        private final OutputFileFactory files;

        Rewriter(Table table, BackfillValues fromFluss, List<String> columns) {
            this.table = table;
            this.fromFluss = fromFluss;
            this.columns = columns;
            List<Types.NestedField> filled = new ArrayList<>();
            for (String column : columns) {
                filled.add(table.schema().findField(column));
            }
            this.toIceberg = new FlinkToIceberg(fromFluss.rowType(), Types.StructType.of(filled));
            this.appenders = new GenericAppenderFactory(table.schema(), table.spec());
            this.files =
                    OutputFileFactory.builderFor(table, 0, 0)
                            .format(FileFormat.PARQUET)
                            .operationId("backfill-" + UUID.randomUUID())
                            .build();
        }

        List<DataFile> rewrite(String partition) throws Exception {
            Expression inPartition = Expressions.alwaysTrue();
            if (partition != null) {
                for (Map.Entry<String, String> key : source.partitionValues(partition).entrySet()) {
                    inPartition =
                            Expressions.and(
                                    inPartition, Expressions.equal(key.getKey(), key.getValue()));
                }
            }
            DataWriter<Record> writer = null;
            try {
                for (int bucket = 0; bucket < source.numBuckets(); bucket++) {
                    Map<Long, Values> values = fromFluss.of(EnrichedBucket.of(partition, bucket));
                    try (CloseableIterable<Record> rows =
                            IcebergGenerics.read(table)
                                    .where(
                                            Expressions.and(
                                                    inPartition,
                                                    Expressions.equal(
                                                            LakeTableSpec.BUCKET_COLUMN, bucket)))
                                    .build()) {
                        for (Record row : rows) {
                            if ((Integer) row.getField(LakeTableSpec.BUCKET_COLUMN) != bucket) {
                                continue;
                            }
                            if (writer == null) {
                                writer = newWriter(row);
                            }
                            writer.write(filled(row, values));
                        }
                    }
                }
            } finally {
                if (writer != null) {
                    writer.close();
                }
            }
            return writer == null ? List.of() : List.of(writer.toDataFile());
        }

        private DataWriter<Record> newWriter(Record first) {
            if (table.spec().isUnpartitioned()) {
                return appenders.newDataWriter(files.newOutputFile(), FileFormat.PARQUET, null);
            }
            PartitionKey key = new PartitionKey(table.spec(), table.schema());
            key.partition(first);
            return appenders.newDataWriter(
                    files.newOutputFile(table.spec(), key), FileFormat.PARQUET, key);
        }

        /** The row with the filled columns from Fluss, or NULL where its base left Fluss. */
        private Record filled(Record row, Map<Long, Values> values) {
            Record out = row.copy();
            Values found = values.get((Long) row.getField(LakeTableSpec.OFFSET_COLUMN));
            long timestamp =
                    ((OffsetDateTime) row.getField(LakeTableSpec.TIMESTAMP_COLUMN))
                            .toInstant()
                            .toEpochMilli();
            Record group =
                    found != null && found.timestamp() == timestamp
                            ? toIceberg.toRecord(found.row())
                            : null;
            for (int i = 0; i < columns.size(); i++) {
                out.setField(columns.get(i), group == null ? null : group.get(i));
            }
            return out;
        }
    }
}
