/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.core.ColumnGroup;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.table.FlussEnrichDynamicTableFactory;
import dev.flussenrich.table.IdentityMetadata;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static dev.flussenrich.table.FlussEnrichConnectorOptions.BOOTSTRAP_SERVERS;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.TABLE_PATH;

/** Builds {@link EnrichmentTarget}s from Flink catalog tables. */
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
        Map<String, List<String>> groups;
        if (connector == null && hasGroupOptions(options)) {
            groups = groupsFromOptions(identifier, options);
        } else if (FlussEnrichDynamicTableFactory.IDENTIFIER.equals(connector)
                && options.containsKey(BOOTSTRAP_SERVERS.key())
                && options.containsKey(TABLE_PATH.key())) {
            groups = groupsFromFluss(options);
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
        Map<String, List<String>> declaredGroups = new HashMap<>();
        groups.forEach(
                (group, groupColumns) -> {
                    List<String> declared =
                            groupColumns.stream().filter(persisted::contains).toList();
                    if (!declared.isEmpty()) {
                        declaredGroups.put(group, declared);
                    }
                });
        return Optional.of(
                new EnrichmentTarget(
                        identifier.asSummaryString(),
                        columns,
                        persisted,
                        EnrichmentTarget.orderedGroups(declaredGroups),
                        notNull,
                        columns.contains(IdentityMetadata.PARTITION.columnName())));
    }

    private static boolean hasGroupOptions(Map<String, String> options) {
        return options.keySet().stream()
                .anyMatch(key -> key.startsWith(EnrichedTableLayout.GROUP_PROPERTY_PREFIX));
    }

    private static Map<String, List<String>> groupsFromOptions(
            ObjectIdentifier identifier, Map<String, String> options) {
        Map<String, List<String>> groups = new HashMap<>();
        TablePath path = TablePath.of(identifier.getDatabaseName(), identifier.getObjectName());
        for (ColumnGroup group : EnrichedTableLayout.groupsOf(options, path)) {
            groups.put(group.name(), group.columns());
        }
        return groups;
    }

    private static Map<String, List<String>> groupsFromFluss(Map<String, String> options) {
        EnrichedTable table;
        try {
            table = FlussEnrichDynamicTableFactory.loadDeclared(options);
        } catch (RuntimeException e) {
            // The connector reports an unreachable or missing table when the statement runs.
            return Map.of();
        }
        Map<String, List<String>> groups = new HashMap<>();
        for (EnrichedTable.Group group : table.groups()) {
            groups.put(group.name(), group.group().columns());
        }
        return groups;
    }
}
