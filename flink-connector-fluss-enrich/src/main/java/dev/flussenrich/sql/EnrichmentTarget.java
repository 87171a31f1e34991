/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.table.IdentityMetadata;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the statement planner knows about a fluss-enrich table: its columns, which group owns which
 * column, and which columns are NOT NULL.
 *
 * @param name the table as users know it, e.g. {@code enrich.fluss.device_logs}
 * @param columns every column in schema order, including metadata columns
 * @param persistedColumns physical columns in schema order (what a base INSERT writes)
 * @param groups each group's columns, groups in name order
 * @param notNullColumns the physical columns declared NOT NULL
 * @param partitioned whether rows carry a partition (and the _partition identity column)
 */
public record EnrichmentTarget(
        String name,
        List<String> columns,
        List<String> persistedColumns,
        Map<String, List<String>> groups,
        Set<String> notNullColumns,
        boolean partitioned) {

    /** The group owning a column, or null for a base or metadata column. */
    public String groupOf(String column) {
        for (Map.Entry<String, List<String>> group : groups.entrySet()) {
            if (group.getValue().contains(column)) {
                return group.getKey();
            }
        }
        return null;
    }

    /** The physical columns owned by no group, in schema order. */
    public List<String> baseColumns() {
        List<String> base = new ArrayList<>();
        for (String column : persistedColumns) {
            if (groupOf(column) == null) {
                base.add(column);
            }
        }
        return base;
    }

    /** The identity columns an enrichment write names, in order. */
    public List<String> identityColumns() {
        List<String> identity = new ArrayList<>();
        if (partitioned) {
            identity.add(IdentityMetadata.PARTITION.columnName());
        }
        identity.add(IdentityMetadata.BUCKET.columnName());
        identity.add(IdentityMetadata.OFFSET.columnName());
        return identity;
    }

    static Map<String, List<String>> orderedGroups(Map<String, List<String>> groups) {
        Map<String, List<String>> ordered = new LinkedHashMap<>();
        groups.keySet().stream().sorted().forEach(g -> ordered.put(g, List.copyOf(groups.get(g))));
        return ordered;
    }
}
