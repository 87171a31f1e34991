/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.sql.EnrichmentPlanningException;

import org.apache.flink.annotation.Internal;

import java.util.ArrayList;
import java.util.List;

/**
 * How a concise enrichment INSERT is rejected: every message names the group and the table, then
 * says why and what to write instead. Holds the wording that more than one check uses.
 */
@Internal
final class RejectionMessages {

    private RejectionMessages() {}

    static EnrichmentPlanningException reject(
            EnrichmentTarget target, String group, String reason) {
        return new EnrichmentPlanningException(
                String.format(
                        "Enrichment INSERT of group '%s' into table '%s' is rejected: %s",
                        group, target.name(), reason));
    }

    /** Why an INSERT whose values read no column of the table is rejected. */
    static String literalOnlyReason(EnrichmentTarget target, List<String> groups) {
        List<String> base = target.baseColumns();
        return String.format(
                "no value it writes reads a column of the table (functions like CURRENT_TIMESTAMP"
                        + " do not count), so every row would get the same enrichment. Compute"
                        + " each value from the row, e.g. SELECT f(%s) AS %s FROM %s.",
                base.isEmpty() ? "<column>" : base.get(0),
                columnsOf(target, groups).get(0),
                tableName(target));
    }

    /** The columns of the groups an INSERT writes, group by group, in order. */
    static List<String> columnsOf(EnrichmentTarget target, List<String> groups) {
        List<String> columns = new ArrayList<>();
        for (String group : groups) {
            columns.addAll(target.groups().columnsOf(group));
        }
        return columns;
    }

    static String windowReason() {
        return "it uses a window (OVER, WINDOW or a window table function); an enrichment value is"
                + " computed from its own row (and lookup joins), not from neighbouring rows.";
    }

    /** {@code column 'a' of group 'g' is} or {@code columns a, b of group 'g' are}. */
    static String describeColumns(String group, List<String> columns) {
        return columns.size() == 1
                ? "column '" + columns.get(0) + "' of group '" + group + "' is"
                : "columns " + String.join(", ", columns) + " of group '" + group + "' are";
    }

    /** The table's own name, without catalog and database, as an example statement writes it. */
    static String tableName(EnrichmentTarget target) {
        return target.name().substring(target.name().lastIndexOf('.') + 1);
    }
}
