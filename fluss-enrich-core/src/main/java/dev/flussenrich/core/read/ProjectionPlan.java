/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.core.InvalidTableLayoutException;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.types.RowType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a projection of logical columns into what to read from the base and from each touched
 * group's companion, and assembles the output row from those parts.
 *
 * <p>The base projection keeps the base's column order; each companion projection starts with
 * {@link EnrichedTableLayout#SOURCE_OFFSET_COLUMN}.
 */
@Internal
public final class ProjectionPlan {

    private final List<String> baseColumns = new ArrayList<>();
    private final Map<String, List<String>> companionColumns = new LinkedHashMap<>();
    private final List<InternalRow.FieldGetter> getters = new ArrayList<>();
    private final int[] sourcePart;
    private final int[] sourcePosition;
    private final List<String> groups;

    /** Plans the read of {@code columns} (logical names, output order) of {@code table}. */
    public ProjectionPlan(EnrichedTable table, List<String> columns) {
        RowType logical = table.logicalRowType();
        List<String> baseNames = table.base().getRowType().getFieldNames();
        for (String column : columns) {
            if (!logical.getFieldNames().contains(column)) {
                throw new InvalidTableLayoutException(
                        String.format(
                                "Column '%s' is not a column of table '%s' (columns: %s).",
                                column,
                                table.tablePath(),
                                String.join(", ", logical.getFieldNames())));
            }
        }
        for (String name : baseNames) {
            if (columns.contains(name)) {
                baseColumns.add(name);
            }
        }
        if (baseColumns.isEmpty()) {
            // Offsets and timestamps come from the base: read its narrowest column.
            baseColumns.add(baseNames.get(0));
        }
        for (EnrichedTable.Group group : table.groups()) {
            List<String> wanted = new ArrayList<>();
            wanted.add(EnrichedTableLayout.SOURCE_OFFSET_COLUMN);
            for (String column : group.group().columns()) {
                if (columns.contains(column)) {
                    wanted.add(column);
                }
            }
            if (wanted.size() > 1) {
                companionColumns.put(group.name(), wanted);
            }
        }
        this.groups = List.copyOf(companionColumns.keySet());

        sourcePart = new int[columns.size()];
        sourcePosition = new int[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            String column = columns.get(i);
            int inBase = baseColumns.indexOf(column);
            if (inBase >= 0) {
                sourcePart[i] = 0;
                sourcePosition[i] = inBase;
            } else {
                String group = table.groupOf(column).orElseThrow().name();
                sourcePart[i] = 1 + groups.indexOf(group);
                sourcePosition[i] = companionColumns.get(group).indexOf(column);
            }
            getters.add(
                    InternalRow.createFieldGetter(
                            logical.getTypeAt(logical.getFieldIndex(column)), sourcePosition[i]));
        }
    }

    /** Base columns to read, in base order (never empty). */
    public List<String> baseColumns() {
        return baseColumns;
    }

    /** Groups the projection touches, in table order; empty for a base-only projection. */
    public List<String> groups() {
        return groups;
    }

    /** Companion columns to read for a touched group; the first is the source offset. */
    public List<String> companionColumns(String group) {
        return companionColumns.get(group);
    }

    /**
     * Assembles an output row: a view over the parts, no value is copied.
     *
     * @param base the base row as projected by {@link #baseColumns()}
     * @param companions one row per touched group, as projected by {@link #companionColumns}
     */
    public InternalRow assemble(InternalRow base, InternalRow[] companions) {
        return new StitchedRow(this, base, companions.clone());
    }

    int width() {
        return sourcePart.length;
    }

    /** 0 for the base, 1 + index for a touched group. */
    int sourcePart(int pos) {
        return sourcePart[pos];
    }

    int sourcePosition(int pos) {
        return sourcePosition[pos];
    }

    InternalRow.FieldGetter getter(int pos) {
        return getters.get(pos);
    }
}
