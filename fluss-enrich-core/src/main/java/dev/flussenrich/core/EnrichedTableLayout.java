/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataTypes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How one logical table is stored: a base log table with the base columns and, per column group, a
 * companion log table. Pure planning and validation; {@link EnrichedTables} does the I/O.
 *
 * <p>Companion naming rule: {@code <base table>--enrich--<group>} in the base's database. Fluss
 * accepts it ({@code [A-Za-z0-9_-]}, no leading {@code __}) and the {@code --} cannot appear in a
 * group name, so a companion is never mistaken for a base table of another group.
 */
@Internal
public final class EnrichedTableLayout {

    /** Custom property of the base table declaring a group: {@code column-groups.<g> = 'a, b'}. */
    public static final String GROUP_PROPERTY_PREFIX = "column-groups.";

    /** Separates the base table name from the group name in a companion's name. */
    public static final String COMPANION_INFIX = "--enrich--";

    /** Companion column whose value routes a row to the base row's bucket. */
    public static final String ROUTE_COLUMN = "_enrich_route";

    /** Companion column holding the base offset that the row enriches. */
    public static final String SOURCE_OFFSET_COLUMN = "_source_offset";

    /** Custom property marking a companion: the base table name. */
    public static final String COMPANION_OF_PROPERTY = "fluss-enrich.companion-of";

    /** Custom property marking a companion: the group name. */
    public static final String COMPANION_GROUP_PROPERTY = "fluss-enrich.group";

    static final int MAX_TABLE_NAME_LENGTH = 200;
    private static final List<String> RESERVED_COLUMNS =
            List.of(ROUTE_COLUMN, SOURCE_OFFSET_COLUMN);

    private final TablePath tablePath;
    private final TableDescriptor baseDescriptor;
    private final List<ColumnGroup> groups;
    private final Map<String, List<Schema.Column>> groupColumns;

    private EnrichedTableLayout(
            TablePath tablePath,
            TableDescriptor baseDescriptor,
            List<ColumnGroup> groups,
            Map<String, List<Schema.Column>> groupColumns) {
        this.tablePath = tablePath;
        this.baseDescriptor = baseDescriptor;
        this.groups = groups;
        this.groupColumns = groupColumns;
    }

    /**
     * Validates a logical table (all columns, groups declared as {@code column-groups.<g>} custom
     * properties) and splits it into the base descriptor and the group columns.
     *
     * @throws InvalidTableLayoutException naming the first rule the definition breaks
     */
    public static EnrichedTableLayout plan(TablePath tablePath, TableDescriptor logical) {
        List<ColumnGroup> groups =
                ColumnGroups.parse(logical.getCustomProperties(), tablePath).asList();
        if (groups.isEmpty()) {
            return new EnrichedTableLayout(tablePath, logical, groups, Map.of());
        }
        if (logical.hasPrimaryKey()) {
            throw new InvalidTableLayoutException(
                    String.format(
                            "Table '%s' has a primary key: column groups are for log tables only "
                                    + "(primary-key tables already support partial updates). "
                                    + "Remove the '%s*' options or the PRIMARY KEY.",
                            tablePath, GROUP_PROPERTY_PREFIX));
        }
        Schema schema = logical.getSchema();
        validateGroupColumns(tablePath, schema, logical, groups);

        Set<String> inGroups =
                groups.stream().flatMap(g -> g.columns().stream()).collect(Collectors.toSet());
        List<Schema.Column> baseColumns =
                schema.getColumns().stream()
                        .filter(c -> !inGroups.contains(c.getName()))
                        .collect(Collectors.toList());
        if (baseColumns.isEmpty()) {
            throw new InvalidTableLayoutException(
                    String.format(
                            "Table '%s' has no base column left: every column is in a column "
                                    + "group. Keep at least one column outside the groups.",
                            tablePath));
        }
        Map<String, List<Schema.Column>> columnsByGroup = new HashMap<>();
        for (ColumnGroup group : groups) {
            columnsByGroup.put(
                    group.name(),
                    group.columns().stream().map(schema::getColumn).collect(Collectors.toList()));
        }
        TableDescriptor base =
                TableDescriptor.builder(logical).schema(schemaOf(baseColumns)).build();
        return new EnrichedTableLayout(tablePath, base, groups, columnsByGroup);
    }

    private static void validateGroupColumns(
            TablePath table, Schema schema, TableDescriptor logical, List<ColumnGroup> groups) {
        List<String> allColumns = schema.getColumnNames();
        Map<String, String> owner = new HashMap<>();
        for (ColumnGroup group : groups) {
            Set<String> seen = new LinkedHashSet<>();
            for (String column : group.columns()) {
                if (!allColumns.contains(column)) {
                    throw new InvalidTableLayoutException(
                            String.format(
                                    "Column '%s' of column group '%s' is not a column of table "
                                            + "'%s' (columns: %s).",
                                    column, group.name(), table, String.join(", ", allColumns)));
                }
                if (!seen.add(column)) {
                    throw new InvalidTableLayoutException(
                            String.format(
                                    "Column '%s' is listed twice in column group '%s' of table "
                                            + "'%s'.",
                                    column, group.name(), table));
                }
                String previous = owner.putIfAbsent(column, group.name());
                if (previous != null) {
                    throw new InvalidTableLayoutException(
                            String.format(
                                    "Column '%s' of table '%s' is in column groups '%s' and '%s': "
                                            + "a column belongs to at most one group.",
                                    column, table, previous, group.name()));
                }
                if (logical.getPartitionKeys().contains(column)) {
                    throw new InvalidTableLayoutException(
                            keyColumnInGroup(column, "a partition key", table, group));
                }
                if (logical.getBucketKeys().contains(column)) {
                    throw new InvalidTableLayoutException(
                            keyColumnInGroup(column, "a bucket key", table, group));
                }
                if (RESERVED_COLUMNS.contains(column)) {
                    throw new InvalidTableLayoutException(
                            String.format(
                                    "Column name '%s' in column group '%s' of table '%s' is "
                                            + "reserved by fluss-enrich (reserved: %s). Rename the "
                                            + "column.",
                                    column,
                                    group.name(),
                                    table,
                                    String.join(", ", RESERVED_COLUMNS)));
                }
            }
            checkCompanionName(table, group.name());
        }
    }

    private static String keyColumnInGroup(
            String column, String role, TablePath table, ColumnGroup group) {
        return String.format(
                "Column '%s' is %s of table '%s' and stays in the base: remove it from column "
                        + "group '%s'.",
                column, role, table, group.name());
    }

    /** Checks that a group's companion name fits Fluss's table name limit. */
    static void checkCompanionName(TablePath table, String group) {
        String companion = companionPath(table, group).getTableName();
        if (companion.length() > MAX_TABLE_NAME_LENGTH) {
            throw new InvalidTableLayoutException(
                    String.format(
                            "Table name '%s' is too long for column group '%s': its companion "
                                    + "table '%s' would have %d characters and Fluss allows %d. "
                                    + "Use a shorter table or group name.",
                            table.getTableName(),
                            group,
                            companion,
                            companion.length(),
                            MAX_TABLE_NAME_LENGTH));
        }
    }

    /** The companion table of a group: {@code <base>--enrich--<group>}, same database. */
    public static TablePath companionPath(TablePath base, String group) {
        return TablePath.of(base.getDatabaseName(), base.getTableName() + COMPANION_INFIX + group);
    }

    /**
     * The table that checkpoints the watermarks of a logical table's groups: {@code
     * <base>--enrich---progress}, same database. No group name holds a dash, so it is no group's
     * companion, and catalogs hide it like one.
     */
    public static TablePath progressPath(TablePath base) {
        return TablePath.of(
                base.getDatabaseName(), base.getTableName() + COMPANION_INFIX + "-progress");
    }

    /** Whether a table was created by fluss-enrich as a companion (hidden from catalogs). */
    public static boolean isCompanion(TableInfo table) {
        return table.getCustomProperties().containsKey(COMPANION_OF_PROPERTY);
    }

    /** Whether a table name follows the companion naming rule (cheap check, no metadata). */
    public static boolean looksLikeCompanion(String tableName) {
        return tableName.contains(COMPANION_INFIX);
    }

    /**
     * The companion descriptor of a group, derived from the created base so that bucket count,
     * partitioning, retention, replication and lake format are the base's own.
     */
    public static TableDescriptor companionDescriptor(
            TableInfo base, String group, List<Schema.Column> groupColumns) {
        Schema.Builder schema =
                Schema.newBuilder()
                        .column(ROUTE_COLUMN, DataTypes.INT().copy(false))
                        .column(SOURCE_OFFSET_COLUMN, DataTypes.BIGINT().copy(false));
        for (Schema.Column column : groupColumns) {
            schema.column(column.getName(), column.getDataType());
            column.getComment().ifPresent(schema::withComment);
        }
        // Partition values travel as strings: the companion partition name equals the base's.
        for (String partitionKey : base.getPartitionKeys()) {
            schema.column(partitionKey, DataTypes.STRING());
        }
        return TableDescriptor.builder()
                .schema(schema.build())
                .distributedBy(base.getNumBuckets(), ROUTE_COLUMN)
                .partitionedBy(base.getPartitionKeys())
                .properties(companionProperties(base))
                .customProperty(COMPANION_OF_PROPERTY, base.getTablePath().getTableName())
                .customProperty(COMPANION_GROUP_PROPERTY, group)
                .comment("fluss-enrich companion of " + base.getTablePath() + ", group " + group)
                .build();
    }

    /**
     * The base's properties, so the bucket hash ({@code table.datalake.format}), retention and
     * replication match; but not {@code table.datalake.enabled}: Fluss's tiering would put each
     * companion, internal columns and all, in the lake as a table of its own. Complete rows reach
     * the lake through enriched tiering instead.
     */
    private static Map<String, String> companionProperties(TableInfo base) {
        Map<String, String> properties = new HashMap<>(base.getProperties().toMap());
        properties.remove(ConfigOptions.TABLE_DATALAKE_ENABLED.key());
        return properties;
    }

    private static Schema schemaOf(List<Schema.Column> columns) {
        Schema.Builder builder = Schema.newBuilder();
        for (Schema.Column column : columns) {
            builder.column(column.getName(), column.getDataType());
            column.getComment().ifPresent(builder::withComment);
        }
        return builder.build();
    }

    public TablePath tablePath() {
        return tablePath;
    }

    /** The base table: the logical table minus the group columns, with the group properties. */
    public TableDescriptor baseDescriptor() {
        return baseDescriptor;
    }

    /** The groups, ordered by name. */
    public List<ColumnGroup> groups() {
        return groups;
    }

    /** The logical columns (name, type, comment) of one group, in group order. */
    public List<Schema.Column> columnsOf(String group) {
        return new ArrayList<>(groupColumns.get(group));
    }
}
