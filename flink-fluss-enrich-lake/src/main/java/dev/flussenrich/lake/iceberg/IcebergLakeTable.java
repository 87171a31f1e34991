/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.iceberg;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.lake.LakeOffsets;
import dev.flussenrich.lake.LakeSchemaEvolution;
import dev.flussenrich.lake.LakeTableSpec;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.UpdateProperties;
import org.apache.iceberg.UpdateSchema;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.AlreadyExistsException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.SnapshotUtil;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Iceberg table a logical table is tiered to when its base's {@code table.datalake.format} is
 * {@code iceberg}: the tiered logical columns, then {@code __bucket}, {@code __offset} and {@code
 * __timestamp} (the names Fluss's own tiering gives them), partitioned by the base's partition keys
 * (identity). Its catalog is Iceberg's, from the lake's catalog options ({@code type} defaults to
 * {@code hadoop}: tables under the warehouse, no server).
 *
 * <p>Each snapshot tiering commits carries the lake offsets in its summary ({@link LakeOffsets}, as
 * Fluss's own Iceberg tiering keeps its offsets there), with the commit user and checkpoint id that
 * make a commit after a restore skip what was committed already.
 */
@Internal
public record IcebergLakeTable(Map<String, String> catalogOptions, String database, String table)
        implements Serializable {

    static final String COMMIT_USER = "fluss-enrich.commit-user";
    static final String CHECKPOINT_ID = "fluss-enrich.checkpoint-id";

    public IcebergLakeTable {
        catalogOptions = new HashMap<>(catalogOptions);
    }

    public String fullName() {
        return database + "." + table;
    }

    private TableIdentifier identifier() {
        return TableIdentifier.of(database, table);
    }

    private static Catalog catalog(Map<String, String> options) {
        Map<String, String> properties = new HashMap<>(options);
        properties.putIfAbsent(CatalogUtil.ICEBERG_CATALOG_TYPE, "hadoop");
        return CatalogUtil.buildIcebergCatalog("fluss-enrich", properties, new Configuration());
    }

    /** The Iceberg table, if tiering created it already. */
    public Optional<Table> loadIfExists() {
        try {
            return Optional.of(catalog(catalogOptions).loadTable(identifier()));
        } catch (NoSuchTableException e) {
            return Optional.empty();
        }
    }

    /** The Iceberg table, loaded. */
    public Table load() {
        try {
            return catalog(catalogOptions).loadTable(identifier());
        } catch (NoSuchTableException e) {
            throw new IllegalStateException(
                    "Iceberg table '" + fullName() + "' does not exist: run the tiering first.", e);
        }
    }

    /**
     * The Iceberg table for tiering {@code columns} (of Flink type {@code columnTypes}) of {@code
     * source}, created if it does not exist and its columns checked if it does.
     */
    public static IcebergLakeTable createOrCheck(
            Map<String, String> catalogOptions,
            String database,
            String table,
            EnrichedTable source,
            RowType columnTypes) {
        IcebergLakeTable lake = new IcebergLakeTable(catalogOptions, database, table);
        Schema expected = schemaOf(source, columnTypes);
        List<String> partitionKeys = source.base().getPartitionKeys();
        PartitionSpec.Builder spec = PartitionSpec.builderFor(expected);
        partitionKeys.forEach(spec::identity);
        Catalog catalog = catalog(catalogOptions);
        if (!catalog.tableExists(lake.identifier())) {
            try {
                catalog.createTable(
                        lake.identifier(),
                        expected,
                        spec.build(),
                        Map.of(
                                "format-version", "2",
                                "write.format.default", "parquet",
                                "comment",
                                        "fluss-enrich: complete rows of Fluss table "
                                                + source.tablePath()));
            } catch (AlreadyExistsException raced) {
                // Created meanwhile: checked below like any existing table.
            }
        }
        Table existing = catalog.loadTable(lake.identifier());
        List<String> existingKeys = new ArrayList<>();
        for (PartitionField field : existing.spec().fields()) {
            existingKeys.add(existing.schema().findColumnName(field.sourceId()));
        }
        boolean same = comparable(existing.schema()).equals(comparable(expected));
        if (!existingKeys.equals(partitionKeys) || (!same && !evolve(existing, expected, source))) {
            throw new IllegalStateException(
                    "Iceberg table '"
                            + lake.fullName()
                            + "' exists with columns "
                            + names(existing.schema())
                            + " partitioned by "
                            + existingKeys
                            + ", but tiering '"
                            + source.tablePath()
                            + "' writes columns "
                            + names(expected)
                            + " partitioned by "
                            + partitionKeys
                            + ". Tier to another Iceberg table (setLakeTable) or drop this one.");
        }
        return lake;
    }

    /**
     * Evolves {@code existing} to {@code expected} when they differ in group columns only (Iceberg
     * schema evolution, as {@link dev.flussenrich.lake.LakeSchemaEvolution} does for Paimon):
     * columns of groups no longer tiered go out, columns of groups added go in at their place, as
     * optional columns. Columns added to a table that holds rows are marked {@link
     * LakeSchemaEvolution#BACKFILL_COLUMNS} in the same commit, until {@link IcebergBackfill} fills
     * them. Returns false, changing nothing, when they differ in more.
     */
    private static boolean evolve(Table existing, Schema expected, EnrichedTable source) {
        List<String> existingNames = names(existing.schema());
        List<String> expectedNames = names(expected);
        Transaction transaction = existing.newTransaction();
        UpdateSchema update = transaction.updateSchema();
        for (String name : existingNames) {
            if (!expectedNames.contains(name)) {
                if (LakeTableSpec.isSystemColumn(name)) {
                    return false;
                }
                // A group dropped from the table, or left out of the lake's groups.
                update.deleteColumn(name);
            }
        }
        List<String> added = new ArrayList<>();
        String previous = null;
        for (String name : expectedNames) {
            if (!existingNames.contains(name)) {
                if (source.groupOf(name).isEmpty()) {
                    return false;
                }
                update.addColumn(name, expected.findType(name));
                if (previous == null) {
                    update.moveFirst(name);
                } else {
                    update.moveAfter(name, previous);
                }
                added.add(name);
            }
            previous = name;
        }
        try {
            if (!comparable(update.apply()).equals(comparable(expected))) {
                return false; // kept columns changed type or order: not an evolution
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            return false; // a change Iceberg cannot make
        }
        update.commit();
        Set<String> pending =
                new LinkedHashSet<>(LakeSchemaEvolution.backfillColumns(existing.properties()));
        pending.removeIf(name -> !expectedNames.contains(name));
        if (latestTiered(existing) != null) {
            pending.addAll(added);
        }
        UpdateProperties properties = transaction.updateProperties();
        if (pending.isEmpty()) {
            properties.remove(LakeSchemaEvolution.BACKFILL_COLUMNS);
        } else {
            properties.set(LakeSchemaEvolution.BACKFILL_COLUMNS, String.join(",", pending));
        }
        properties.commit();
        transaction.commitTransaction();
        return true;
    }

    /**
     * A schema's structure for comparison: fresh field ids, top-level columns optional (a column
     * added later is optional whatever the logical column says).
     */
    private static Types.StructType comparable(Schema schema) {
        Schema fresh = TypeUtil.assignFreshIds(schema, new AtomicInteger()::incrementAndGet);
        List<Types.NestedField> fields = new ArrayList<>();
        for (Types.NestedField field : fresh.columns()) {
            fields.add(Types.NestedField.optional(field.fieldId(), field.name(), field.type()));
        }
        return Types.StructType.of(fields);
    }

    private static Schema schemaOf(EnrichedTable source, RowType columnTypes) {
        AtomicInteger ids = new AtomicInteger();
        List<Types.NestedField> fields = new ArrayList<>();
        for (RowType.RowField column : columnTypes.getFields()) {
            if (LakeTableSpec.isSystemColumn(column.getName())) {
                throw new IllegalArgumentException(
                        "Column '"
                                + column.getName()
                                + "' of table '"
                                + source.tablePath()
                                + "' has the name of a lake system column; rename it before"
                                + " tiering the table.");
            }
            int id = ids.incrementAndGet();
            fields.add(
                    Types.NestedField.of(
                            id,
                            column.getType().isNullable(),
                            column.getName(),
                            IcebergTypes.of(column.getName(), column.getType(), ids)));
        }
        fields.add(
                Types.NestedField.required(
                        ids.incrementAndGet(),
                        LakeTableSpec.BUCKET_COLUMN,
                        Types.IntegerType.get()));
        fields.add(
                Types.NestedField.required(
                        ids.incrementAndGet(), LakeTableSpec.OFFSET_COLUMN, Types.LongType.get()));
        fields.add(
                Types.NestedField.required(
                        ids.incrementAndGet(),
                        LakeTableSpec.TIMESTAMP_COLUMN,
                        Types.TimestampType.withZone()));
        return TypeUtil.assignFreshIds(new Schema(fields), new AtomicInteger()::incrementAndGet);
    }

    private static List<String> names(Schema schema) {
        return schema.columns().stream().map(Types.NestedField::name).toList();
    }

    /** The summary of the newest snapshot tiering committed, or null before the first. */
    public static Map<String, String> latestTieredSummary(Table table) {
        Snapshot snapshot = latestTiered(table);
        return snapshot == null ? null : snapshot.summary();
    }

    /** The newest snapshot tiering committed, or null before the first. */
    public static Snapshot latestTiered(Table table) {
        for (Snapshot snapshot : SnapshotUtil.currentAncestors(table)) {
            if (LakeOffsets.isTiered(snapshot.summary())) {
                return snapshot;
            }
        }
        return null;
    }

    /** Whether {@code commitUser} committed checkpoint {@code checkpointId} (or a later one). */
    static boolean committed(Table table, String commitUser, long checkpointId) {
        for (Snapshot snapshot : SnapshotUtil.currentAncestors(table)) {
            Map<String, String> summary = snapshot.summary();
            if (commitUser.equals(summary.get(COMMIT_USER))
                    && Long.parseLong(summary.get(CHECKPOINT_ID)) >= checkpointId) {
                return true;
            }
        }
        return false;
    }
}
