/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.core.ColumnGroups;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.LogicalTable;
import dev.flussenrich.table.FlussEnrichDynamicTableFactory;
import dev.flussenrich.table.IdentityMetadata;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Builds {@link EnrichmentTarget}s from Flink catalog tables. */
@Internal
public final class EnrichmentTargets {

    private EnrichmentTargets() {}

    /**
     * The target behind a resolved catalog table, or empty if it is not a fluss-enrich table.
     * Tables of the fluss-enrich catalog carry their groups as options; a table declared with
     * {@code 'connector' = 'fluss-enrich'} elsewhere has its groups read from Fluss.
     */
    public static Optional<EnrichmentTarget> of(
            ObjectIdentifier identifier, ResolvedCatalogBaseTable<?> table) {
        if (!(table instanceof ResolvedCatalogTable catalogTable)) {
            return Optional.empty();
        }
        Map<String, String> options = catalogTable.getOptions();
        String connector = options.get(FactoryUtil.CONNECTOR.key());
        TablePath path;
        ColumnGroups groups;
        if (connector == null && ColumnGroups.declaredIn(options)) {
            path = TablePath.of(identifier.getDatabaseName(), identifier.getObjectName());
            groups = ColumnGroups.parse(options, path);
        } else if (FlussEnrichDynamicTableFactory.IDENTIFIER.equals(connector)) {
            Optional<EnrichedTable> loaded = loadDeclared(options);
            if (loaded.isEmpty()) {
                return Optional.empty();
            }
            path = loaded.get().tablePath();
            groups = loaded.get().logical().groups();
        } else {
            return Optional.empty();
        }
        List<String> columns = new ArrayList<>();
        List<String> persisted = new ArrayList<>();
        Set<String> notNull = new HashSet<>();
        for (Column column : catalogTable.getResolvedSchema().getColumns()) {
            columns.add(column.getName());
            if (column.isPhysical()) {
                persisted.add(column.getName());
                if (!column.getDataType().getLogicalType().isNullable()) {
                    notNull.add(column.getName());
                }
            }
        }
        boolean partitioned = columns.contains(IdentityMetadata.PARTITION.columnName());
        return Optional.of(
                new EnrichmentTarget(
                        identifier.asSummaryString(),
                        new LogicalTable(path, groups.restrictTo(persisted), partitioned),
                        columns,
                        persisted,
                        notNull));
    }

    /**
     * The logical table a {@code 'connector' = 'fluss-enrich'} table points at; empty when its
     * options name none or Fluss cannot load it (the connector reports that when the statement
     * runs).
     */
    private static Optional<EnrichedTable> loadDeclared(Map<String, String> options) {
        try {
            return FlussEnrichDynamicTableFactory.loadDeclared(options);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
