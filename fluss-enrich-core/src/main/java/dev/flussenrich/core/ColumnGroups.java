/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.metadata.TablePath;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The column groups of one logical table, in name order: which group owns which column. The one
 * answer to "which group owns this column" for the core, the connector, the catalog and the SQL
 * planner. Serializable, so planned sources and sinks carry it to their tasks.
 */
@PublicEvolving
public final class ColumnGroups implements Serializable {

    private static final long serialVersionUID = 1L;

    private final List<ColumnGroup> groups;

    private ColumnGroups(List<ColumnGroup> groups) {
        this.groups = List.copyOf(groups);
    }

    /** The groups, put in name order. */
    public static ColumnGroups of(Collection<ColumnGroup> groups) {
        return new ColumnGroups(
                groups.stream().sorted(Comparator.comparing(ColumnGroup::name)).toList());
    }

    /**
     * Parses and checks the group declarations ({@code column-groups.<g> = 'a, b'}) among a base
     * table's custom properties or a catalog table's options; other keys are ignored.
     *
     * @throws InvalidTableLayoutException for an invalid group name or a group without columns
     */
    public static ColumnGroups parse(Map<String, String> properties, TablePath table) {
        Map<String, ColumnGroup> byName = new TreeMap<>();
        String prefix = EnrichedTableLayout.GROUP_PROPERTY_PREFIX;
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (!e.getKey().startsWith(prefix)) {
                continue;
            }
            String name = e.getKey().substring(prefix.length());
            if (!ColumnGroup.isValidName(name)) {
                throw new InvalidTableLayoutException(
                        String.format(
                                "Invalid column group name '%s' in table '%s': group names match "
                                        + "[A-Za-z_][A-Za-z0-9_]* and have at most %d characters.",
                                name, table, ColumnGroup.MAX_NAME_LENGTH));
            }
            List<String> columns =
                    Arrays.stream(e.getValue().split(","))
                            .map(String::trim)
                            .filter(s -> !s.isEmpty())
                            .toList();
            if (columns.isEmpty()) {
                throw new InvalidTableLayoutException(
                        String.format(
                                "Column group '%s' of table '%s' lists no columns: give at least "
                                        + "one, e.g. '%s%s' = 'col_a, col_b'.",
                                name, table, prefix, name));
            }
            byName.put(name, new ColumnGroup(name, columns));
        }
        return new ColumnGroups(List.copyOf(byName.values()));
    }

    /** Whether properties or options declare any group. */
    public static boolean declaredIn(Map<String, String> properties) {
        return properties.keySet().stream()
                .anyMatch(key -> key.startsWith(EnrichedTableLayout.GROUP_PROPERTY_PREFIX));
    }

    public List<ColumnGroup> asList() {
        return groups;
    }

    public boolean isEmpty() {
        return groups.isEmpty();
    }

    public List<String> names() {
        return groups.stream().map(ColumnGroup::name).toList();
    }

    public Optional<ColumnGroup> get(String name) {
        return groups.stream().filter(g -> g.name().equals(name)).findFirst();
    }

    /** The group owning a column, or empty for a base (or metadata) column. */
    public Optional<ColumnGroup> groupOf(String column) {
        return groups.stream().filter(g -> g.contains(column)).findFirst();
    }

    /** The columns of a group in group order; empty for a group that does not exist. */
    public List<String> columnsOf(String group) {
        return get(group).map(ColumnGroup::columns).orElse(List.of());
    }

    /**
     * The groups as far as a declared schema shows them: each group keeps only the given columns,
     * and a group with none left is dropped (a table declared with a subset of the columns).
     */
    public ColumnGroups restrictTo(Collection<String> columns) {
        return new ColumnGroups(
                groups.stream()
                        .map(
                                g ->
                                        new ColumnGroup(
                                                g.name(),
                                                g.columns().stream()
                                                        .filter(columns::contains)
                                                        .toList()))
                        .filter(g -> !g.columns().isEmpty())
                        .toList());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnGroups other && groups.equals(other.groups);
    }

    @Override
    public int hashCode() {
        return groups.hashCode();
    }

    @Override
    public String toString() {
        return groups.toString();
    }
}
