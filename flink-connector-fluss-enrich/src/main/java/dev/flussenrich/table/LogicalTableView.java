/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.EnrichedTable;

import org.apache.fluss.metadata.TablePath;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What planning needs to know of a logical table, captured once when the factory loads it: which
 * group owns each column, and whether the table is partitioned.
 */
public record LogicalTableView(
        TablePath path, Map<String, String> groupByColumn, List<String> groups, boolean partitioned)
        implements Serializable {

    public static LogicalTableView of(EnrichedTable table) {
        Map<String, String> groupByColumn = new LinkedHashMap<>();
        for (EnrichedTable.Group group : table.groups()) {
            for (String column : group.group().columns()) {
                groupByColumn.put(column, group.name());
            }
        }
        return new LogicalTableView(
                table.tablePath(), groupByColumn, table.groupNames(), table.isPartitioned());
    }

    /** The group owning a column, or null for a base column. */
    public String groupOf(String column) {
        return groupByColumn.get(column);
    }

    public List<String> columnsOf(String group) {
        List<String> columns = new ArrayList<>();
        groupByColumn.forEach(
                (column, owner) -> {
                    if (owner.equals(group)) {
                        columns.add(column);
                    }
                });
        return columns;
    }
}
