/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.table.FlussEnrichConnectorOptions;
import dev.flussenrich.table.FlussEnrichDynamicTableFactory;
import dev.flussenrich.table.IdentityMetadata;
import dev.flussenrich.table.LakeDeclaration;
import dev.flussenrich.table.LakeSqlSupport;

import org.apache.fluss.config.FlussConfigUtils;
import org.apache.fluss.flink.utils.FlinkConversions;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataField;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.TableChange;
import org.apache.flink.table.catalog.exceptions.CatalogException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Converts between Flink catalog tables and fluss-enrich logical tables. */
@Internal
final class CatalogTables {

    private CatalogTables() {}

    /** The Flink view of a logical table: all columns, then the identity metadata columns. */
    static CatalogTable toCatalogTable(EnrichedTable table) {
        Schema.Builder schema = Schema.newBuilder();
        Map<String, String> comments = columnComments(table);
        for (DataField field : table.logicalRowType().getFields()) {
            schema.column(field.getName(), FlinkConversions.toFlinkType(field.getType()));
            String comment = comments.get(field.getName());
            if (comment != null) {
                schema.withComment(comment);
            }
        }
        for (IdentityMetadata metadata : IdentityMetadata.values()) {
            if (metadata == IdentityMetadata.PARTITION && !table.isPartitioned()) {
                continue;
            }
            schema.columnByMetadata(
                    metadata.columnName(), metadata.type(), metadata.key(), metadata.isVirtual());
        }
        TableInfo base = table.base();
        return CatalogTable.newBuilder()
                .schema(schema.build())
                .comment(base.getComment().orElse(null))
                .partitionKeys(base.getPartitionKeys())
                .options(optionsOf(base))
                .build();
    }

    /** Column comments live in the Fluss schemas (of the base and of each group's companion). */
    private static Map<String, String> columnComments(EnrichedTable table) {
        Map<String, String> comments = new HashMap<>();
        List<TableInfo> tables = new ArrayList<>();
        tables.add(table.base());
        table.groups().forEach(group -> tables.add(group.companion()));
        for (TableInfo info : tables) {
            for (org.apache.fluss.metadata.Schema.Column column : info.getSchema().getColumns()) {
                column.getComment().ifPresent(comment -> comments.put(column.getName(), comment));
            }
        }
        return comments;
    }

    private static Map<String, String> optionsOf(TableInfo base) {
        Map<String, String> options = new HashMap<>();
        options.put(
                FlussEnrichConnectorOptions.BUCKET_NUMBER.key(),
                String.valueOf(base.getNumBuckets()));
        if (!base.getBucketKeys().isEmpty()) {
            options.put(
                    FlussEnrichConnectorOptions.BUCKET_KEY.key(),
                    String.join(",", base.getBucketKeys()));
        }
        base.getProperties().toMap().entrySet().stream()
                .filter(e -> FlussConfigUtils.isTableStorageConfig(e.getKey()))
                .forEach(e -> options.put(e.getKey(), e.getValue()));
        options.putAll(base.getCustomProperties().toMap());
        return options;
    }

    /**
     * The Fluss descriptor of a table created through Flink DDL. Identity metadata columns (as
     * printed by SHOW CREATE TABLE) are dropped; other metadata or computed columns are errors.
     *
     * <p>Built here from Fluss's type conversion alone, not with {@code FlinkConversions
     * .toFlussTable}: that one loads Fluss's {@code FlinkConnectorOptions}, which Flink 2.3 cannot
     * load (its materialized-table options use a class 2.3 removed), and most of what it converts
     * (primary keys, computed columns, materialized tables) a fluss-enrich table cannot have.
     */
    static TableDescriptor toDescriptor(ResolvedCatalogTable table, String path) {
        ResolvedSchema schema = table.getResolvedSchema();
        org.apache.fluss.metadata.Schema.Builder columns =
                org.apache.fluss.metadata.Schema.newBuilder();
        for (Column column : schema.getColumns()) {
            if (column.isPhysical()) {
                columns.column(
                        column.getName(), FlinkConversions.toFlussType(column.getDataType()));
                column.getComment().ifPresent(columns::withComment);
            } else if (!isIdentityMetadata(column)) {
                throw new CatalogException(
                        String.format(
                                "Column '%s' of table '%s' is not supported: fluss-enrich tables"
                                        + " have physical columns plus the metadata columns %s.",
                                column.getName(),
                                path,
                                Arrays.stream(IdentityMetadata.values())
                                        .map(IdentityMetadata::columnName)
                                        .collect(Collectors.joining(", "))));
            }
        }
        if (schema.getPrimaryKey().isPresent()) {
            throw new CatalogException(
                    String.format(
                            "Table '%s' declares a primary key: the fluss-enrich catalog stores log"
                                    + " tables only (primary-key tables already support partial"
                                    + " updates). Create it in Fluss's own catalog ('type' ="
                                    + " 'fluss') instead.",
                            path));
        }
        if (!schema.getWatermarkSpecs().isEmpty()) {
            throw new CatalogException(
                    String.format(
                            "Table '%s' declares a watermark: the fluss-enrich catalog does not"
                                    + " store watermarks. Declare it where the table is read, e.g."
                                    + " CREATE TEMPORARY TABLE ... (WATERMARK FOR ...) LIKE"
                                    + " the table.",
                            path));
        }
        Map<String, String> options = new HashMap<>(table.getOptions());
        options.remove("connector");
        Configuration flinkOptions = Configuration.fromMap(options);
        Integer buckets =
                flinkOptions.getOptional(FlussEnrichConnectorOptions.BUCKET_NUMBER).orElse(null);
        List<String> bucketKeys =
                flinkOptions
                        .getOptional(FlussEnrichConnectorOptions.BUCKET_KEY)
                        .map(keys -> Arrays.stream(keys.split(",")).map(String::trim).toList())
                        .orElse(List.of());
        options.remove(FlussEnrichConnectorOptions.BUCKET_NUMBER.key());
        options.remove(FlussEnrichConnectorOptions.BUCKET_KEY.key());
        options.keySet().removeIf(key -> key.startsWith("fluss-enrich."));
        Map<String, String> storage = new HashMap<>();
        Map<String, String> custom = new HashMap<>();
        options.forEach(
                (key, value) ->
                        (FlussConfigUtils.isTableStorageConfig(key) ? storage : custom)
                                .put(key, value));
        return TableDescriptor.builder()
                .schema(columns.build())
                .partitionedBy(table.getPartitionKeys())
                .distributedBy(buckets, bucketKeys)
                .properties(storage)
                .customProperties(custom)
                .comment(table.getComment())
                .build();
    }

    private static boolean isIdentityMetadata(Column column) {
        return column instanceof Column.MetadataColumn metadata
                && IdentityMetadata.ofKey(metadata.getMetadataKey().orElse(column.getName()))
                        .map(m -> m.columnName().equals(column.getName()))
                        .orElse(false);
    }

    /** {@code t$lake}: the lake part of logical table {@code t}, as Fluss names its own. */
    static final String LAKE_PART_SUFFIX = "$lake";

    static boolean isLakePart(String tableName) {
        return tableName.endsWith(LAKE_PART_SUFFIX)
                && tableName.length() > LAKE_PART_SUFFIX.length();
    }

    static TablePath logicalPathOfLakePart(ObjectPath path) {
        String name = path.getObjectName();
        return TablePath.of(
                path.getDatabaseName(),
                name.substring(0, name.length() - LAKE_PART_SUFFIX.length()));
    }

    /**
     * The Flink view of {@code t$lake}: the lake table's columns (base and lake groups' columns,
     * then the system columns {@code __bucket}, {@code __offset}, {@code __timestamp}), read from
     * the newest tiered Paimon snapshot.
     */
    static CatalogTable toLakePartTable(EnrichedTable table) {
        LakeDeclaration lake =
                LakeDeclaration.of(table)
                        .orElseThrow(
                                () ->
                                        new CatalogException(
                                                String.format(
                                                        "Table '%s' has no lake, so '%s%s' does"
                                                                + " not exist: declare one with"
                                                                + " ALTER TABLE %s SET ('%s' ="
                                                                + " '<Paimon warehouse>').",
                                                        table.tablePath(),
                                                        table.tablePath().getTableName(),
                                                        LAKE_PART_SUFFIX,
                                                        table.tablePath().getTableName(),
                                                        LakeDeclaration.WAREHOUSE)));
        Schema.Builder schema = Schema.newBuilder();
        org.apache.fluss.types.RowType logical = table.logicalRowType();
        List<String> declared = LakeDeclaration.lakeColumns(table, lake.groupsOf(table));
        List<String> shown =
                LakeSqlSupport.find()
                        .map(support -> support.lakePartColumns(table, lake))
                        .orElse(declared);
        for (String column : shown) {
            schema.column(
                    column,
                    FlinkConversions.toFlinkType(logical.getTypeAt(logical.getFieldIndex(column))));
        }
        schema.column(LakeDeclaration.BUCKET_COLUMN, DataTypes.INT());
        schema.column(LakeDeclaration.OFFSET_COLUMN, DataTypes.BIGINT());
        schema.column(LakeDeclaration.TIMESTAMP_COLUMN, DataTypes.TIMESTAMP_LTZ(3));
        Map<String, String> options = new HashMap<>();
        options.put(FlussEnrichDynamicTableFactory.LAKE_PART_MARKER, "true");
        return CatalogTable.newBuilder()
                .schema(schema.build())
                .comment("The lake part of " + table.tablePath())
                .partitionKeys(table.base().getPartitionKeys())
                .options(options)
                .build();
    }

    /** Checks the lake options of a table being created; its groups are in the same options. */
    static void checkLake(Map<String, String> options, TablePath path) {
        List<String> groups =
                options.keySet().stream()
                        .filter(
                                key ->
                                        key.startsWith(
                                                FlussEnrichConnectorOptions.COLUMN_GROUPS_PREFIX))
                        .map(
                                key ->
                                        key.substring(
                                                FlussEnrichConnectorOptions.COLUMN_GROUPS_PREFIX
                                                        .length()))
                        .toList();
        checkLake(options, path, groups);
    }

    static void checkLake(Map<String, String> options, TablePath path, List<String> groups) {
        try {
            LakeDeclaration.of(options, path, groups);
        } catch (ValidationException e) {
            throw new CatalogException(e.getMessage(), e);
        }
    }

    /**
     * The Fluss changes for an ALTER TABLE that only sets or resets lake options, or null when it
     * changes anything else.
     */
    static List<org.apache.fluss.metadata.TableChange> lakeOptionChanges(
            List<TableChange> changes, TablePath path) {
        List<org.apache.fluss.metadata.TableChange> fluss = new ArrayList<>();
        for (TableChange change : changes) {
            if (change instanceof TableChange.SetOption set
                    && set.getKey().startsWith(LakeDeclaration.PREFIX)) {
                fluss.add(org.apache.fluss.metadata.TableChange.set(set.getKey(), set.getValue()));
            } else if (change instanceof TableChange.ResetOption reset
                    && reset.getKey().startsWith(LakeDeclaration.PREFIX)) {
                fluss.add(org.apache.fluss.metadata.TableChange.reset(reset.getKey()));
            } else {
                return null;
            }
        }
        return fluss.isEmpty() ? null : fluss;
    }

    /** Whether a Fluss table is a companion (hidden) rather than a logical table. */
    static boolean isHidden(String tableName) {
        return EnrichedTableLayout.looksLikeCompanion(tableName);
    }
}
