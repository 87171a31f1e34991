/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.table.FlussEnrichDynamicTableFactory;
import dev.flussenrich.table.IdentityMetadata;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.flussenrich.table.FlussEnrichConnectorOptions.BOOTSTRAP_SERVERS;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.CLIENT_PREFIX;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.COLUMN_GROUPS_PREFIX;
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
            groups = groupsFromOptions(options);
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
        return options.keySet().stream().anyMatch(key -> key.startsWith(COLUMN_GROUPS_PREFIX));
    }

    private static Map<String, List<String>> groupsFromOptions(Map<String, String> options) {
        Map<String, List<String>> groups = new HashMap<>();
        options.forEach(
                (key, value) -> {
                    if (key.startsWith(COLUMN_GROUPS_PREFIX)) {
                        groups.put(
                                key.substring(COLUMN_GROUPS_PREFIX.length()),
                                Arrays.stream(value.split(","))
                                        .map(String::trim)
                                        .filter(column -> !column.isEmpty())
                                        .toList());
                    }
                });
        return groups;
    }

    private static Map<String, List<String>> groupsFromFluss(Map<String, String> options) {
        Map<String, String> clientOptions =
                options.entrySet().stream()
                        .filter(e -> e.getKey().startsWith(CLIENT_PREFIX))
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        FlussConnectionConfig config =
                FlussConnectionConfig.of(options.get(BOOTSTRAP_SERVERS.key()), clientOptions);
        String[] path = options.get(TABLE_PATH.key()).split("\\.");
        if (path.length != 2) {
            return Map.of();
        }
        EnrichedTable table;
        try (Connection connection = config.connect()) {
            table = new EnrichedTables(connection.getAdmin()).load(TablePath.of(path[0], path[1]));
        } catch (Exception e) {
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
