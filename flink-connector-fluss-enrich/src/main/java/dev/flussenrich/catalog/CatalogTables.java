/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.table.FlussEnrichConnectorOptions;
import dev.flussenrich.table.IdentityMetadata;

import org.apache.fluss.config.FlussConfigUtils;
import org.apache.fluss.flink.utils.FlinkConversions;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.types.DataField;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
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
        for (DataField field : table.logicalRowType().getFields()) {
            schema.column(field.getName(), FlinkConversions.toFlinkType(field.getType()));
            field.getDescription().ifPresent(schema::withComment);
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
     */
    static TableDescriptor toDescriptor(ResolvedCatalogTable table, String path) {
        ResolvedSchema schema = table.getResolvedSchema();
        List<Column> physical = new ArrayList<>();
        for (Column column : schema.getColumns()) {
            if (column.isPhysical()) {
                physical.add(column);
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
        Map<String, String> options = new HashMap<>(table.getOptions());
        options.remove("connector");
        ResolvedCatalogTable physicalOnly =
                new ResolvedCatalogTable(
                        table.getOrigin().copy(options),
                        new ResolvedSchema(physical, schema.getWatermarkSpecs(), null));
        TableDescriptor converted = FlinkConversions.toFlussTable(physicalOnly);
        Map<String, String> custom = new HashMap<>(converted.getCustomProperties());
        custom.remove(FlussEnrichConnectorOptions.BUCKET_NUMBER.key());
        custom.remove(FlussEnrichConnectorOptions.BUCKET_KEY.key());
        custom.keySet().removeIf(key -> key.startsWith("fluss-enrich."));
        return TableDescriptor.builder()
                .schema(converted.getSchema())
                .partitionedBy(converted.getPartitionKeys())
                .distributedBy(
                        converted
                                .getTableDistribution()
                                .flatMap(TableDescriptor.TableDistribution::getBucketCount)
                                .orElse(null),
                        converted.getBucketKeys())
                .properties(converted.getProperties())
                .customProperties(custom)
                .comment(converted.getComment().orElse(null))
                .build();
    }

    private static boolean isIdentityMetadata(Column column) {
        return column instanceof Column.MetadataColumn metadata
                && IdentityMetadata.ofKey(metadata.getMetadataKey().orElse(column.getName()))
                        .map(m -> m.columnName().equals(column.getName()))
                        .orElse(false);
    }

    /** Whether a Fluss table is a companion (hidden) rather than a logical table. */
    static boolean isHidden(String tableName) {
        return EnrichedTableLayout.looksLikeCompanion(tableName);
    }
}
