/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.EnrichedTable;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The lake of a logical table, as its table options declare it ({@code lake.*}, kept with the table
 * in Fluss): the lake catalog, the lake table, the groups the lake carries, and its format.
 *
 * @param catalogOptions Paimon or Iceberg catalog options ({@code warehouse} and every {@code
 *     lake.catalog.*})
 * @param lakeTable the Paimon database and table (default: the Fluss names)
 * @param groups the groups the lake carries, or empty for all of them
 * @param format the lake format, Fluss's {@code table.datalake.format} of the base
 */
@PublicEvolving
public record LakeDeclaration(
        Map<String, String> catalogOptions,
        TablePath lakeTable,
        List<String> groups,
        Format format) {

    /** The formats enriched tiering writes. */
    public enum Format {
        PAIMON,
        ICEBERG
    }

    public static final String PREFIX = "lake.";
    public static final String WAREHOUSE = "lake.warehouse";
    public static final String TABLE = "lake.table";
    public static final String GROUPS = "lake.groups";
    public static final String CATALOG_PREFIX = "lake.catalog.";

    /** The system columns of a lake table, as Fluss's own tiering names them. */
    public static final String BUCKET_COLUMN = "__bucket";

    public static final String OFFSET_COLUMN = "__offset";
    public static final String TIMESTAMP_COLUMN = "__timestamp";

    /** The format the lake is written in; Fluss's own option, on the base. */
    public static final String FORMAT = "table.datalake.format";

    /**
     * The lake {@code options} declare for table {@code table} with groups {@code groupNames}, or
     * empty when they declare none; wrong options fail with a message that names them.
     */
    public static Optional<LakeDeclaration> of(
            Map<String, String> options, TablePath table, Collection<String> groupNames) {
        Map<String, String> catalogOptions = new HashMap<>();
        String lakeTable = null;
        List<String> groups = List.of();
        boolean declared = false;
        for (Map.Entry<String, String> option : options.entrySet()) {
            String key = option.getKey();
            if (!key.startsWith(PREFIX)) {
                continue;
            }
            declared = true;
            String value = option.getValue().trim();
            if (key.equals(WAREHOUSE)) {
                catalogOptions.put("warehouse", value);
            } else if (key.equals(TABLE)) {
                lakeTable = value;
            } else if (key.equals(GROUPS)) {
                groups = Arrays.stream(value.split(",")).map(String::trim).toList();
            } else if (key.startsWith(CATALOG_PREFIX) && key.length() > CATALOG_PREFIX.length()) {
                catalogOptions.put(key.substring(CATALOG_PREFIX.length()), value);
            } else {
                throw new ValidationException(
                        String.format(
                                "Unknown lake option '%s' on table '%s': the lake options are"
                                        + " '%s', '%s', '%s' and '%s<Paimon catalog option>'.",
                                key, table, WAREHOUSE, TABLE, GROUPS, CATALOG_PREFIX));
            }
        }
        if (!declared) {
            return Optional.empty();
        }
        if (catalogOptions.get("warehouse") == null || catalogOptions.get("warehouse").isEmpty()) {
            throw new ValidationException(
                    String.format(
                            "Table '%s' has lake options but no '%s': set it to the Paimon"
                                    + " warehouse, e.g. 'file:///data/lake' or 's3://bucket/lake'.",
                            table, WAREHOUSE));
        }
        for (String group : groups) {
            if (!groupNames.contains(group)) {
                throw new ValidationException(
                        String.format(
                                "Table '%s' has no column group '%s' (option '%s'); its groups are"
                                        + " %s.",
                                table, group, GROUPS, new TreeSet<>(groupNames)));
            }
        }
        String formatName = options.get(FORMAT);
        Format format = Format.PAIMON;
        if (formatName != null && formatName.equalsIgnoreCase("iceberg")) {
            format = Format.ICEBERG;
        } else if (formatName != null && !formatName.equalsIgnoreCase("paimon")) {
            throw new ValidationException(
                    String.format(
                            "Table '%s' declares a lake, but its '%s' is '%s': enriched tiering"
                                    + " writes Paimon and Iceberg. Set '%s' to 'paimon' (the"
                                    + " default when unset) or 'iceberg'.",
                            table, FORMAT, formatName, FORMAT));
        }
        TablePath lake =
                lakeTable == null
                        ? table
                        : FlussEnrichConnectorOptionsUtil.parseTablePath(
                                lakeTable, "option '" + TABLE + "'");
        return Optional.of(new LakeDeclaration(Map.copyOf(catalogOptions), lake, groups, format));
    }

    /** The lake a loaded logical table declares, if any. */
    public static Optional<LakeDeclaration> of(EnrichedTable table) {
        Map<String, String> options = new HashMap<>(table.base().getProperties().toMap());
        options.putAll(table.base().getCustomProperties().toMap());
        return of(options, table.tablePath(), table.groupNames());
    }

    /** The groups the lake carries: those declared, or all of {@code table}'s. */
    public List<String> groupsOf(EnrichedTable table) {
        return groups.isEmpty() ? table.groupNames() : groups;
    }

    /**
     * The logical columns a lake of {@code tiered} groups holds: the base columns and those groups'
     * columns, in the logical table's order.
     */
    public static List<String> lakeColumns(EnrichedTable table, List<String> tiered) {
        return table.logicalRowType().getFieldNames().stream()
                .filter(
                        column ->
                                table.groupOf(column)
                                        .map(group -> tiered.contains(group.name()))
                                        .orElse(true))
                .toList();
    }
}
