/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.core.ColumnGroups;
import dev.flussenrich.core.LogicalTable;
import dev.flussenrich.table.TargetColumns;

import org.apache.flink.annotation.Internal;

import java.util.List;
import java.util.Set;

/**
 * A fluss-enrich table as the statement planner sees it: the logical table (groups, partitioning)
 * and the columns its Flink schema declares.
 *
 * @param name the table as users know it, e.g. {@code enrich.fluss.device_logs}
 * @param table the logical table, its groups restricted to the columns the schema declares
 * @param columns every column in schema order, including metadata columns
 * @param persistedColumns physical columns in schema order (what a base INSERT writes)
 * @param notNullColumns the physical columns declared NOT NULL
 */
@Internal
public record EnrichmentTarget(
        String name,
        LogicalTable table,
        List<String> columns,
        List<String> persistedColumns,
        Set<String> notNullColumns) {

    public ColumnGroups groups() {
        return table.groups();
    }

    /** The physical columns owned by no group, in schema order. */
    public List<String> baseColumns() {
        return persistedColumns.stream().filter(c -> groups().groupOf(c).isEmpty()).toList();
    }

    /** The identity columns an enrichment write names, in order. */
    public List<String> identityColumns() {
        return TargetColumns.identityColumns(table);
    }
}
