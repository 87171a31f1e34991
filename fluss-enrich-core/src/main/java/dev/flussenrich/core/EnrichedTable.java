/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.metadata.ResolvedPartitionSpec;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataField;
import org.apache.fluss.types.DataType;
import org.apache.fluss.types.RowType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A logical table as loaded from Fluss: the base table and one companion per column group. Its
 * logical columns are the base columns followed by each group's columns (groups by name).
 */
@PublicEvolving
public final class EnrichedTable {

    /** One column group and the companion table that stores it. */
    public record Group(ColumnGroup group, TableInfo companion) {

        public String name() {
            return group.name();
        }

        public TablePath companionPath() {
            return companion.getTablePath();
        }

        /** Position of a group column in the companion row. */
        public int companionIndexOf(String column) {
            return companion.getRowType().getFieldIndex(column);
        }

        /** The group columns' types, in group order. */
        public List<DataType> columnTypes() {
            List<DataType> types = new ArrayList<>();
            for (String column : group.columns()) {
                types.add(companion.getRowType().getTypeAt(companionIndexOf(column)));
            }
            return types;
        }
    }

    private final TableInfo base;
    private final List<Group> groups;
    private final LogicalTable logical;
    private final RowType logicalRowType;

    public EnrichedTable(TableInfo base, List<Group> groups) {
        this.base = base;
        this.groups = List.copyOf(groups);
        this.logical =
                new LogicalTable(
                        base.getTablePath(),
                        ColumnGroups.of(groups.stream().map(Group::group).toList()),
                        base.isPartitioned());
        List<DataField> fields = new ArrayList<>(base.getRowType().getFields());
        for (Group group : this.groups) {
            for (String column : group.group().columns()) {
                int index = group.companionIndexOf(column);
                fields.add(group.companion().getRowType().getFields().get(index));
            }
        }
        this.logicalRowType = new RowType(fields);
    }

    /** The table as planners see it: path, groups, partitioning. */
    public LogicalTable logical() {
        return logical;
    }

    public TablePath tablePath() {
        return base.getTablePath();
    }

    public TableInfo base() {
        return base;
    }

    /** The partition key values a partition's name holds (Fluss joins them with '$'). */
    public Map<String, String> partitionValues(String partitionName) {
        return ResolvedPartitionSpec.fromPartitionName(base.getPartitionKeys(), partitionName)
                .toPartitionSpec()
                .getSpecMap();
    }

    public List<Group> groups() {
        return groups;
    }

    public Optional<Group> group(String name) {
        return groups.stream().filter(g -> g.name().equals(name)).findFirst();
    }

    /** The group, or an error listing the groups that exist. */
    public Group requireGroup(String name) {
        return group(name)
                .orElseThrow(
                        () ->
                                new InvalidTableLayoutException(
                                        String.format(
                                                "Table '%s' has no column group '%s' (groups: %s).",
                                                tablePath(), name, groupNames())));
    }

    /** The group owning a column, or empty for a base column. */
    public Optional<Group> groupOf(String column) {
        return logical.groups().groupOf(column).flatMap(g -> group(g.name()));
    }

    public List<String> groupNames() {
        return groups.stream().map(Group::name).toList();
    }

    /** Base columns, then group columns. */
    public RowType logicalRowType() {
        return logicalRowType;
    }

    public boolean isPartitioned() {
        return base.isPartitioned();
    }

    public int numBuckets() {
        return base.getNumBuckets();
    }
}
