/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import dev.flussenrich.lake.LakeOffsets;
import dev.flussenrich.lake.LakeSchemaEvolution;
import dev.flussenrich.lake.LakeTableSpec;
import dev.flussenrich.lake.iceberg.IcebergLakeTable;
import dev.flussenrich.table.LakeDeclaration;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;

import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeFamily;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The newest snapshot tiering committed to a lake table, in either format, and how to read it. */
@Internal
public interface TieredSnapshot {

    /**
     * The lake table {@code lake} declares, with its newest tiered snapshot (none before the first
     * tiering commit), if tiering created the table.
     */
    static Optional<TieredSnapshot> newest(LakeDeclaration lake) {
        return lake.format() == LakeDeclaration.Format.ICEBERG
                ? Iceberg.newest(lake)
                : Paimon.newest(lake);
    }

    /** {@link #newest}, or an error naming what to run when tiering has not created the table. */
    static TieredSnapshot require(LakeDeclaration lake, TablePath tieredFrom) {
        return newest(lake)
                .orElseThrow(
                        () ->
                                new IllegalStateException(
                                        String.format(
                                                "%s table '%s' does not exist: run the enriched"
                                                        + " tiering of '%s' first (CALL"
                                                        + " <catalog>.sys.tier_to_lake('%s'), or"
                                                        + " FlussEnrichLake.tiering()).",
                                                lake.format() == LakeDeclaration.Format.ICEBERG
                                                        ? "Iceberg"
                                                        : "Paimon",
                                                lake.lakeTable(),
                                                tieredFrom,
                                                tieredFrom)));
    }

    /** Whether tiering committed a snapshot yet. */
    boolean exists();

    /** The lake table's name, for messages. */
    String name();

    /** The lake table's columns, system columns included, in order. */
    List<String> fields();

    /** The logical columns every row of the snapshot has values for. */
    List<String> completeColumns();

    /** The snapshot's properties (Paimon) or summary (Iceberg): the lake offsets among them. */
    Map<String, String> properties();

    /** The type of column {@code field}, when it is not a string. */
    Optional<String> nonStringType(String field);

    /**
     * A bounded read of {@code fields} (of Flink types {@code types}), laid out by {@code layout}
     * (null: field by field), of the partitions {@code partitionSpec} names (empty: all).
     */
    Source<RowData, ?, ?> read(
            List<String> fields,
            List<LogicalType> types,
            InternalTypeInfo<RowData> producedType,
            @Nullable LakeSnapshotSource.RowLayout layout,
            Map<String, String> partitionSpec);

    /** A Paimon snapshot, read with Paimon's planner and reader. */
    record Paimon(
            LakeTableSpec spec, FileStoreTable table, @Nullable org.apache.paimon.Snapshot snapshot)
            implements TieredSnapshot {

        static Optional<TieredSnapshot> newest(LakeDeclaration lake) {
            Identifier id =
                    Identifier.create(
                            lake.lakeTable().getDatabaseName(), lake.lakeTable().getTableName());
            return LakeTableSpec.loadIfExists(lake.catalogOptions(), id)
                    .map(
                            table ->
                                    new Paimon(
                                            LakeTableSpec.of(lake.catalogOptions(), id, table),
                                            table,
                                            LakeOffsets.latestTiered(table)));
        }

        @Override
        public boolean exists() {
            return snapshot != null;
        }

        @Override
        public String name() {
            return spec.identifier().getFullName();
        }

        @Override
        public List<String> fields() {
            return table.rowType().getFieldNames();
        }

        @Override
        public List<String> completeColumns() {
            return LakeTableSpec.completeColumns(table);
        }

        @Override
        public Map<String, String> properties() {
            return snapshot.properties();
        }

        @Override
        public Optional<String> nonStringType(String field) {
            DataType type = table.rowType().getTypeAt(fields().indexOf(field));
            return type.is(DataTypeFamily.CHARACTER_STRING)
                    ? Optional.empty()
                    : Optional.of(type.toString());
        }

        @Override
        public Source<RowData, ?, ?> read(
                List<String> fields,
                List<LogicalType> types,
                InternalTypeInfo<RowData> producedType,
                @Nullable LakeSnapshotSource.RowLayout layout,
                Map<String, String> partitionSpec) {
            int[] projection = fields.stream().mapToInt(fields()::indexOf).toArray();
            return new LakeSnapshotSource(
                    spec,
                    snapshot == null ? -1 : snapshot.id(),
                    projection,
                    producedType,
                    layout,
                    partitionSpec);
        }
    }

    /** An Iceberg snapshot, read with Iceberg's planner and generic Parquet reader. */
    record Iceberg(IcebergLakeTable lake, Table table, @Nullable Snapshot snapshot)
            implements TieredSnapshot {

        static Optional<TieredSnapshot> newest(LakeDeclaration declaration) {
            IcebergLakeTable lake =
                    new IcebergLakeTable(
                            declaration.catalogOptions(),
                            declaration.lakeTable().getDatabaseName(),
                            declaration.lakeTable().getTableName());
            return lake.loadIfExists()
                    .map(table -> new Iceberg(lake, table, IcebergLakeTable.latestTiered(table)));
        }

        @Override
        public boolean exists() {
            return snapshot != null;
        }

        @Override
        public String name() {
            return lake.fullName();
        }

        @Override
        public List<String> fields() {
            return table.schema().columns().stream().map(Types.NestedField::name).toList();
        }

        @Override
        public List<String> completeColumns() {
            Set<String> filling = LakeSchemaEvolution.backfillColumns(table.properties());
            return fields().stream()
                    .filter(f -> !LakeTableSpec.isSystemColumn(f) && !filling.contains(f))
                    .toList();
        }

        @Override
        public Map<String, String> properties() {
            return snapshot.summary();
        }

        @Override
        public Optional<String> nonStringType(String field) {
            Type type = table.schema().findType(field);
            return type.typeId() == Type.TypeID.STRING
                    ? Optional.empty()
                    : Optional.of(type.toString());
        }

        @Override
        public Source<RowData, ?, ?> read(
                List<String> fields,
                List<LogicalType> types,
                InternalTypeInfo<RowData> producedType,
                @Nullable LakeSnapshotSource.RowLayout layout,
                Map<String, String> partitionSpec) {
            return new IcebergSnapshotSource(
                    lake,
                    snapshot == null ? -1 : snapshot.snapshotId(),
                    fields,
                    types,
                    producedType,
                    layout,
                    partitionSpec);
        }
    }
}
