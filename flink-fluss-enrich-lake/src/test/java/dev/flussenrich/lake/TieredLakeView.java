/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.apache.paimon.table.FileStoreTable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an exactly-once test asks of a tiered lake table, read with the format's own API (Paimon's
 * reader or Iceberg's generic reader) and no code of ours: each row's identity, partial rows, the
 * newest snapshot's checkpoint id and recorded offsets.
 */
interface TieredLakeView {

    /** {@code id@bucket:offset} of every lake row, sorted. */
    List<String> identities() throws Exception;

    /** Rows with a NULL column. */
    long partialRows() throws Exception;

    /** The checkpoint id of the newest snapshot; -1 before the first. */
    long lastCheckpointId();

    /** The offsets the newest snapshot recorded, summed over buckets. */
    long offsetSum();

    /** The lake table's columns, in order. */
    List<String> columns() throws Exception;

    /** The lake table's options (Paimon) or properties (Iceberg). */
    Map<String, String> tableProperties() throws Exception;

    /** The id of the table's current schema: it grows as the schema evolves. */
    long schemaId() throws Exception;

    /** The first {@code count} values of every row, as plain Java values. */
    List<List<Object>> values(int count) throws Exception;

    static TieredLakeView of(String format, Path warehouse, String database, String table)
            throws Exception {
        return "iceberg".equals(format)
                ? new IcebergView(
                        new HadoopCatalog(new Configuration(), warehouse.toUri().toString())
                                .loadTable(TableIdentifier.of(database, table)))
                : new PaimonView(
                        PaimonReads.table(warehouse, database, table), warehouse, database, table);
    }

    static long offsetSum(Map<String, String> snapshotProperties) {
        return snapshotProperties.entrySet().stream()
                .filter(e -> e.getKey().startsWith("fluss-enrich.offset."))
                .mapToLong(e -> Long.parseLong(e.getValue()))
                .sum();
    }

    /** A Paimon table, through {@link PaimonReads}. */
    record PaimonView(FileStoreTable lake, Path warehouse, String database, String table)
            implements TieredLakeView {

        private static final Pattern IDENTITY =
                Pattern.compile("^id=(\\d+) .*__bucket=(\\d+) __offset=(\\d+) ");

        @Override
        public List<String> identities() throws Exception {
            List<String> identities = new ArrayList<>();
            for (String row : PaimonReads.rows(lake)) {
                Matcher m = IDENTITY.matcher(row);
                if (!m.find()) {
                    throw new AssertionError("Not a tiered row: " + row);
                }
                identities.add(m.group(1) + "@" + m.group(2) + ":" + m.group(3));
            }
            identities.sort(null);
            return identities;
        }

        @Override
        public long partialRows() throws Exception {
            return PaimonReads.rows(lake).stream().filter(r -> r.contains("=null")).count();
        }

        @Override
        public long lastCheckpointId() {
            return lake.copyWithLatestSchema()
                    .latestSnapshot()
                    .map(s -> s.commitIdentifier())
                    .orElse(-1L);
        }

        @Override
        public long offsetSum() {
            return TieredLakeView.offsetSum(PaimonReads.snapshotProperties(lake));
        }

        @Override
        public List<String> columns() throws Exception {
            return fresh().rowType().getFieldNames();
        }

        @Override
        public Map<String, String> tableProperties() throws Exception {
            return fresh().options();
        }

        @Override
        public long schemaId() throws Exception {
            return fresh().schema().id();
        }

        @Override
        public List<List<Object>> values(int count) throws Exception {
            return PaimonReads.values(fresh(), count);
        }

        /** The table as it is now (a loaded table keeps its schema). */
        private FileStoreTable fresh() throws Exception {
            return PaimonReads.table(warehouse, database, table);
        }
    }

    /** An Iceberg table, through Iceberg's generic reader. */
    record IcebergView(Table lake) implements TieredLakeView {

        @Override
        public List<String> identities() throws Exception {
            List<String> identities = new ArrayList<>();
            for (Record row : rows()) {
                identities.add(
                        row.getField("id")
                                + "@"
                                + row.getField("__bucket")
                                + ":"
                                + row.getField("__offset"));
            }
            identities.sort(null);
            return identities;
        }

        @Override
        public long partialRows() throws Exception {
            long partial = 0;
            for (Record row : rows()) {
                for (int i = 0; i < row.size(); i++) {
                    if (row.get(i) == null) {
                        partial++;
                        break;
                    }
                }
            }
            return partial;
        }

        @Override
        public long lastCheckpointId() {
            Snapshot snapshot = current();
            return snapshot == null
                    ? -1L
                    : Long.parseLong(snapshot.summary().get("fluss-enrich.checkpoint-id"));
        }

        @Override
        public long offsetSum() {
            Snapshot snapshot = current();
            return snapshot == null ? 0 : TieredLakeView.offsetSum(snapshot.summary());
        }

        @Override
        public List<String> columns() {
            lake.refresh();
            return lake.schema().columns().stream().map(Types.NestedField::name).toList();
        }

        @Override
        public Map<String, String> tableProperties() {
            lake.refresh();
            return lake.properties();
        }

        @Override
        public long schemaId() {
            lake.refresh();
            return lake.schema().schemaId();
        }

        @Override
        public List<List<Object>> values(int count) throws Exception {
            List<List<Object>> values = new ArrayList<>();
            for (Record row : rows()) {
                List<Object> plain = new ArrayList<>();
                for (int i = 0; i < count; i++) {
                    Object value = row.get(i);
                    plain.add(value instanceof CharSequence text ? text.toString() : value);
                }
                values.add(plain);
            }
            return values;
        }

        private Snapshot current() {
            lake.refresh();
            return lake.currentSnapshot();
        }

        private List<Record> rows() throws Exception {
            lake.refresh();
            List<Record> rows = new ArrayList<>();
            if (lake.currentSnapshot() == null) {
                return rows;
            }
            try (CloseableIterable<Record> records = IcebergGenerics.read(lake).build()) {
                records.forEach(rows::add);
            }
            return rows;
        }
    }
}
