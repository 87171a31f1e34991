/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.ColumnGroup;
import dev.flussenrich.core.LogicalTable;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Planning-time rules for the column list of an INSERT into a logical table. */
@Internal
public final class TargetColumns {

    private TargetColumns() {}

    /** The identity columns an enrichment write must name, in order. */
    public static List<String> identityColumns(LogicalTable table) {
        List<String> identity = new ArrayList<>();
        if (table.partitioned()) {
            identity.add(IdentityMetadata.PARTITION.columnName());
        }
        identity.add(IdentityMetadata.BUCKET.columnName());
        identity.add(IdentityMetadata.OFFSET.columnName());
        return identity;
    }

    /** The error of an enrichment write naming a group the table does not have. */
    public static String unknownGroupMessage(
            String table, String group, Collection<String> groups) {
        return String.format(
                "Table '%s' has no column group '%s' (groups: %s). Check the 'enrichment.group'"
                        + " option.",
                table, group, String.join(", ", groups));
    }

    /**
     * Checks the column list of an enrichment write of {@code groups}: the identity columns, and at
     * least one column of each group, and nothing else. One group's messages name "group 'g'",
     * several groups' "groups 'g1', 'g2'".
     */
    static void validateEnrichmentWrite(
            LogicalTable table, List<String> groups, List<String> targets) {
        for (String group : groups) {
            if (table.groups().get(group).isEmpty()) {
                throw new ValidationException(
                        unknownGroupMessage(
                                table.path().toString(), group, table.groups().names()));
            }
        }
        String written =
                (groups.size() == 1 ? "group '" : "groups '") + String.join("', '", groups) + "'";
        List<String> identity = identityColumns(table);
        List<String> groupColumns = new ArrayList<>();
        groups.forEach(group -> groupColumns.addAll(table.groups().columnsOf(group)));
        String example =
                String.format(
                        "INSERT INTO %s /*+ OPTIONS('enrichment.group' = '%s') */ (%s, %s) SELECT"
                                + " %s, <enrichment expressions> FROM %s",
                        table.path().getTableName(),
                        String.join(", ", groups),
                        String.join(", ", identity),
                        String.join(", ", groupColumns),
                        String.join(", ", identity),
                        table.path().getTableName());
        if (targets == null) {
            throw new ValidationException(
                    String.format(
                            "An enrichment write of %s into table '%s' needs a column list"
                                    + " naming the identity columns and the group columns, e.g. %s",
                            written, table.path(), example));
        }
        for (String column : targets) {
            if (identity.contains(column) || groupColumns.contains(column)) {
                continue;
            }
            String owner = table.groups().groupOf(column).map(ColumnGroup::name).orElse(null);
            if (owner != null) {
                throw new ValidationException(
                        String.format(
                                "Column '%s' is not in enrichment %s of table '%s' (group"
                                        + " columns: %s); it belongs to group '%s'. Write each"
                                        + " group with its own INSERT, or name '%s' in"
                                        + " 'enrichment.group' too.",
                                column,
                                written,
                                table.path(),
                                String.join(", ", groupColumns),
                                owner,
                                owner));
            }
            throw new ValidationException(
                    String.format(
                            "Column '%s' of table '%s' cannot be written by an enrichment write of"
                                    + " %s: only %s and the group columns (%s) can. e.g. %s",
                            column,
                            table.path(),
                            written,
                            String.join(", ", identity),
                            String.join(", ", groupColumns),
                            example));
        }
        List<String> missing = new ArrayList<>(identity);
        missing.removeAll(targets);
        if (!missing.isEmpty()) {
            throw new ValidationException(
                    String.format(
                            "An enrichment write of %s into table '%s' must name the"
                                    + " identity columns %s (missing: %s), e.g. %s",
                            written,
                            table.path(),
                            String.join(", ", identity),
                            String.join(", ", missing),
                            example));
        }
        for (String group : groups) {
            List<String> columns = table.groups().columnsOf(group);
            if (targets.stream().noneMatch(columns::contains)) {
                throw new ValidationException(
                        String.format(
                                "An enrichment write of group '%s' into table '%s' names no column"
                                        + " of the group (%s), e.g. %s",
                                group, table.path(), String.join(", ", columns), example));
            }
        }
    }

    static void validateBaseWrite(LogicalTable table, List<String> targets) {
        for (String column : targets) {
            String owner = table.groups().groupOf(column).map(ColumnGroup::name).orElse(null);
            if (owner != null) {
                throw new ValidationException(
                        String.format(
                                "Column '%s' belongs to column group '%s' of table '%s' and cannot"
                                        + " be written by a base INSERT. Write it with an"
                                        + " enrichment INSERT: INSERT INTO %s /*+"
                                        + " OPTIONS('enrichment.group' = '%s') */ (%s, %s) SELECT"
                                        + " ...",
                                column,
                                owner,
                                table.path(),
                                table.path().getTableName(),
                                owner,
                                String.join(", ", identityColumns(table)),
                                String.join(", ", table.groups().columnsOf(owner))));
            }
            if (IdentityMetadata.ofColumnName(column).isPresent()) {
                throw new ValidationException(
                        String.format(
                                "Column '%s' of table '%s' is assigned by Fluss: a base INSERT"
                                        + " cannot write it. Name it only in an enrichment write"
                                        + " (option 'enrichment.group').",
                                column, table.path()));
            }
        }
    }
}
