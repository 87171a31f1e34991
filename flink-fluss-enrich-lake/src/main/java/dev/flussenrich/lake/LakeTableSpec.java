/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.table.LakeDeclaration;

import org.apache.fluss.metadata.DataLakeFormat;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.types.DataField;

import org.apache.flink.annotation.Internal;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Paimon table a logical table is tiered to: its catalog options, its name, how many logical
 * columns it carries before the system columns, and whether its buckets are the base's.
 *
 * <p>The lake table holds the tiered logical columns followed by {@code __bucket}, {@code __offset}
 * and {@code __timestamp}, the names Fluss's own tiering gives them, and the base's partition keys.
 * Bucket-aligned (Paimon bucket = Fluss bucket) when the base has a bucket key and hashes it as
 * Paimon does ({@code table.datalake.format = paimon}), as in Fluss's tiering; otherwise a
 * bucket-unaware append table.
 */
@Internal
public record LakeTableSpec(
        Map<String, String> catalogOptions,
        String database,
        String table,
        int columnCount,
        boolean bucketAligned)
        implements Serializable {

    public static final String BUCKET_COLUMN = LakeDeclaration.BUCKET_COLUMN;
    public static final String OFFSET_COLUMN = LakeDeclaration.OFFSET_COLUMN;
    public static final String TIMESTAMP_COLUMN = LakeDeclaration.TIMESTAMP_COLUMN;
    private static final Set<String> SYSTEM_COLUMNS =
            Set.of(BUCKET_COLUMN, OFFSET_COLUMN, TIMESTAMP_COLUMN);

    public LakeTableSpec {
        catalogOptions = new HashMap<>(catalogOptions);
    }

    /**
     * The Paimon table for tiering {@code columns} of {@code source}: created if it does not exist;
     * if it does, its columns are checked, and evolved when only group columns differ ({@link
     * LakeSchemaEvolution}).
     */
    public static FileStoreTable createOrCheck(
            Map<String, String> catalogOptions,
            Identifier lakeTable,
            EnrichedTable source,
            List<String> columns) {
        TableInfo base = source.base();
        boolean aligned =
                !base.getBucketKeys().isEmpty()
                        && base.getTableConfig()
                                .getDataLakeFormat()
                                .equals(Optional.of(DataLakeFormat.PAIMON));
        Schema schema = schemaOf(source, columns, aligned);
        try (Catalog catalog = catalogOf(catalogOptions)) {
            catalog.createDatabase(lakeTable.getDatabaseName(), true);
            catalog.createTable(lakeTable, schema, true);
            FileStoreTable existing = (FileStoreTable) catalog.getTable(lakeTable);
            RowType expected =
                    RowType.of(schema.fields().toArray(new org.apache.paimon.types.DataField[0]));
            if (!existing.partitionKeys().equals(schema.partitionKeys())) {
                throw mismatch(existing, expected, schema, lakeTable, source);
            }
            checkBuckets(existing, schema, lakeTable, source);
            if (!existing.rowType().equalsIgnoreFieldId(expected)) {
                LakeSchemaEvolution evolution =
                        LakeSchemaEvolution.plan(
                                        existing.rowType(),
                                        expected,
                                        column -> source.groupOf(column).isPresent(),
                                        LakeSchemaEvolution.backfillColumns(existing.options()),
                                        holdsRows(existing))
                                .orElseThrow(
                                        () ->
                                                mismatch(
                                                        existing, expected, schema, lakeTable,
                                                        source));
                if (!evolution.changes().isEmpty()) {
                    catalog.alterTable(lakeTable, evolution.changes(), false);
                    return (FileStoreTable) catalog.getTable(lakeTable);
                }
            }
            return existing;
        } catch (Exception e) {
            if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(
                    "Could not create or load Paimon table '" + lakeTable.getFullName() + "'.", e);
        }
    }

    private static boolean holdsRows(FileStoreTable table) {
        var snapshot = table.snapshotManager().latestSnapshot();
        return snapshot != null
                && snapshot.totalRecordCount() != null
                && snapshot.totalRecordCount() > 0;
    }

    private static IllegalStateException mismatch(
            FileStoreTable existing,
            RowType expected,
            Schema schema,
            Identifier lakeTable,
            EnrichedTable source) {
        return new IllegalStateException(
                "Paimon table '"
                        + lakeTable.getFullName()
                        + "' exists with columns "
                        + existing.rowType().getFieldNames()
                        + " partitioned by "
                        + existing.partitionKeys()
                        + ", but tiering '"
                        + source.tablePath()
                        + "' writes columns "
                        + expected.getFieldNames()
                        + " partitioned by "
                        + schema.partitionKeys()
                        + ". Tier to another Paimon table (setLakeTable) or drop this one.");
    }

    /**
     * The lake's buckets must be the ones tiering writes: a bucket-aligned table has the base's
     * bucket count and key (a row goes to the Paimon bucket of its Fluss bucket), others none.
     */
    private static void checkBuckets(
            FileStoreTable existing, Schema schema, Identifier lakeTable, EnrichedTable source) {
        int bucket = existing.coreOptions().bucket();
        int expected = Integer.parseInt(schema.options().get("bucket"));
        List<String> keys = bucket > 0 ? existing.schema().bucketKeys() : List.of();
        List<String> expectedKeys =
                expected > 0 ? List.of(schema.options().get("bucket-key").split(",")) : List.of();
        if (bucket != expected || !keys.equals(expectedKeys)) {
            throw new IllegalStateException(
                    "Paimon table '"
                            + lakeTable.getFullName()
                            + "' exists with "
                            + describeBuckets(bucket, keys)
                            + ", but tiering '"
                            + source.tablePath()
                            + "' writes "
                            + describeBuckets(expected, expectedKeys)
                            + ". Tier to another Paimon table (setLakeTable) or drop this one.");
        }
    }

    private static String describeBuckets(int bucket, List<String> keys) {
        return bucket > 0
                ? "bucket = " + bucket + " by " + keys
                : "bucket = " + bucket + " (bucket-unaware)";
    }

    /** The Paimon table, if tiering created it already. */
    public static Optional<FileStoreTable> loadIfExists(
            Map<String, String> catalogOptions, Identifier lakeTable) {
        try (Catalog catalog = catalogOf(catalogOptions)) {
            return Optional.of((FileStoreTable) catalog.getTable(lakeTable));
        } catch (Catalog.TableNotExistException e) {
            return Optional.empty();
        } catch (Exception e) {
            throw new IllegalStateException(
                    "Could not load Paimon table '" + lakeTable.getFullName() + "'.", e);
        }
    }

    /**
     * The spec of a loaded lake table: its logical column count and bucket mode are read from the
     * table itself, so writers and readers follow what is in Paimon.
     */
    public static LakeTableSpec of(
            Map<String, String> catalogOptions, Identifier lakeTable, FileStoreTable table) {
        return new LakeTableSpec(
                catalogOptions,
                lakeTable.getDatabaseName(),
                lakeTable.getObjectName(),
                table.rowType().getFieldCount() - SYSTEM_COLUMNS.size(),
                table.coreOptions().bucket() > 0);
    }

    public static boolean isSystemColumn(String column) {
        return SYSTEM_COLUMNS.contains(column);
    }

    /** The logical columns a lake table carries: all but the system columns. */
    public static List<String> logicalColumns(FileStoreTable table) {
        return table.rowType().getFieldNames().stream()
                .filter(name -> !isSystemColumn(name))
                .toList();
    }

    /**
     * The logical columns every row of the lake has values for: all but those of groups added since
     * and not yet filled ({@link LakeBackfill}).
     */
    public static List<String> completeColumns(FileStoreTable table) {
        Set<String> filling = LakeSchemaEvolution.backfillColumns(table.options());
        return logicalColumns(table).stream().filter(c -> !filling.contains(c)).toList();
    }

    /** The columns of {@code read} the lake does not have values for in every row yet. */
    public static List<String> notFilledYet(FileStoreTable table, List<String> read) {
        Set<String> filling = LakeSchemaEvolution.backfillColumns(table.options());
        return read.stream().filter(filling::contains).toList();
    }

    /** Why a lake read of {@code columns} (not filled yet) is refused. */
    public static String notFilledYetMessage(String lakeTable, List<String> columns) {
        return "Columns "
                + columns
                + " of lake table '"
                + lakeTable
                + "' are not filled yet for the rows tiered before their groups were added:"
                + " start the tiering again once the groups' enrichment jobs have caught up"
                + " (CALL <catalog>.sys.tier_to_lake, or FlussEnrichLake.tiering()), or leave"
                + " these columns out.";
    }

    private static Schema schemaOf(EnrichedTable source, List<String> columns, boolean aligned) {
        TableInfo base = source.base();
        Schema.Builder schema = Schema.newBuilder();
        org.apache.fluss.types.RowType logical = source.logicalRowType();
        for (String column : columns) {
            if (SYSTEM_COLUMNS.contains(column)) {
                throw new IllegalArgumentException(
                        "Column '"
                                + column
                                + "' of table '"
                                + source.tablePath()
                                + "' has the name of a lake system column "
                                + SYSTEM_COLUMNS
                                + "; rename it before tiering the table.");
            }
            DataField field = logical.getFields().get(logical.getFieldIndex(column));
            schema.column(column, LakeTypes.toPaimon(column, field.getType()));
        }
        schema.column(BUCKET_COLUMN, DataTypes.INT());
        schema.column(OFFSET_COLUMN, DataTypes.BIGINT());
        schema.column(TIMESTAMP_COLUMN, DataTypes.TIMESTAMP_LTZ_MILLIS());
        schema.partitionKeys(base.getPartitionKeys());
        if (aligned) {
            schema.option("bucket", Integer.toString(base.getNumBuckets()));
            schema.option("bucket-key", String.join(",", base.getBucketKeys()));
        } else {
            schema.option("bucket", "-1");
        }
        schema.comment("fluss-enrich: complete rows of Fluss table " + source.tablePath());
        return schema.build();
    }

    private static Catalog catalogOf(Map<String, String> catalogOptions) {
        return CatalogFactory.createCatalog(CatalogContext.create(Options.fromMap(catalogOptions)));
    }

    public Identifier identifier() {
        return Identifier.create(database, table);
    }

    /** Applies schema changes to the Paimon table. */
    public void alter(List<SchemaChange> changes) {
        try (Catalog catalog = catalogOf(catalogOptions)) {
            catalog.alterTable(identifier(), changes, false);
        } catch (Exception e) {
            throw new IllegalStateException(
                    "Could not alter Paimon table '" + identifier().getFullName() + "'.", e);
        }
    }

    /** The Paimon table, loaded. */
    public FileStoreTable load() {
        try (Catalog catalog = catalogOf(catalogOptions)) {
            return (FileStoreTable) catalog.getTable(identifier());
        } catch (Exception e) {
            throw new IllegalStateException(
                    "Could not load Paimon table '" + identifier().getFullName() + "'.", e);
        }
    }

    /** The Paimon bucket a row of base bucket {@code bucket} goes to. */
    public int lakeBucket(int bucket) {
        return bucketAligned ? bucket : 0;
    }
}
