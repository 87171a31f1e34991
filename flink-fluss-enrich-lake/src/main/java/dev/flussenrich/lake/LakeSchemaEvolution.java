/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.annotation.Internal;

import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * How a lake table follows its logical table's groups without being created again: the columns of a
 * group added since go in (Paimon schema evolution, at the group's place in the logical order), the
 * columns of a group no longer tiered go out. Base and system columns never change; a lake that
 * differs in them is not evolved.
 *
 * <p>Columns added to a lake that holds rows already are marked {@link #BACKFILL_COLUMNS} in the
 * same schema change, so no reader of ours takes rows without their values for complete ones until
 * {@link LakeBackfill} has filled them.
 */
@Internal
public final class LakeSchemaEvolution {

    /**
     * The lake table option naming the columns added but not yet filled for the rows the lake held
     * when they were added.
     */
    public static final String BACKFILL_COLUMNS = "fluss-enrich.backfill-columns";

    private final List<SchemaChange> changes;
    private final List<String> added;

    private LakeSchemaEvolution(List<SchemaChange> changes, List<String> added) {
        this.changes = changes;
        this.added = added;
    }

    /**
     * The changes that turn {@code existing} into {@code expected}, or empty when the two differ in
     * more than group columns ({@code isGroupColumn}) or in their order.
     *
     * @param pendingBefore the columns still to be filled before this change
     * @param holdsRows whether the lake has rows the added columns must be filled for
     */
    static Optional<LakeSchemaEvolution> plan(
            RowType existing,
            RowType expected,
            Predicate<String> isGroupColumn,
            Set<String> pendingBefore,
            boolean holdsRows) {
        List<String> existingNames = existing.getFieldNames();
        List<String> expectedNames = expected.getFieldNames();
        List<SchemaChange> changes = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (String name : existingNames) {
            if (expectedNames.contains(name)) {
                DataField before = existing.getField(name);
                DataField after = expected.getField(name);
                if (!before.type().copy(true).equals(after.type().copy(true))) {
                    return Optional.empty();
                }
                kept.add(name);
            } else if (LakeTableSpec.isSystemColumn(name)) {
                return Optional.empty();
            } else {
                // A group dropped from the table, or left out of the lake's groups.
                changes.add(SchemaChange.dropColumn(name));
            }
        }
        if (!expectedNames.stream().filter(kept::contains).toList().equals(kept)) {
            return Optional.empty();
        }
        List<String> added = new ArrayList<>();
        String previous = null;
        for (String name : expectedNames) {
            if (!kept.contains(name)) {
                if (!isGroupColumn.test(name)) {
                    return Optional.empty();
                }
                // Paimon adds columns as nullable: rows tiered before have none until filled.
                DataField field = expected.getField(name);
                SchemaChange.Move move =
                        previous == null
                                ? SchemaChange.Move.first(name)
                                : SchemaChange.Move.after(name, previous);
                changes.add(
                        SchemaChange.addColumn(
                                name, field.type().copy(true), field.description(), move));
                added.add(name);
            }
            previous = name;
        }
        if (changes.isEmpty()) {
            return Optional.of(new LakeSchemaEvolution(List.of(), List.of()));
        }
        Set<String> pending = new LinkedHashSet<>(pendingBefore);
        pending.removeIf(name -> !expectedNames.contains(name));
        if (holdsRows) {
            pending.addAll(added);
        }
        if (pending.isEmpty()) {
            if (!pendingBefore.isEmpty()) {
                changes.add(SchemaChange.removeOption(BACKFILL_COLUMNS));
            }
        } else {
            changes.add(SchemaChange.setOption(BACKFILL_COLUMNS, String.join(",", pending)));
        }
        return Optional.of(new LakeSchemaEvolution(changes, added));
    }

    /** The columns still to be filled for rows tiered before they were added, per the table. */
    public static Set<String> backfillColumns(Map<String, String> tableOptions) {
        String value = tableOptions.get(BACKFILL_COLUMNS);
        Set<String> columns = new LinkedHashSet<>();
        if (value != null) {
            for (String column : value.split(",")) {
                if (!column.isBlank()) {
                    columns.add(column.trim());
                }
            }
        }
        return columns;
    }

    List<SchemaChange> changes() {
        return changes;
    }

    List<String> added() {
        return added;
    }
}
