/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.sql.PlannedStatement.GroupWrite;

import org.apache.flink.annotation.Internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The INSERTs of one statement set, by the column group they write. Two INSERTs into one group in
 * one job become two sinks racing on the group: each writes NULL for the rows outside its WHERE,
 * and the first row stored for an offset wins, often the other's NULL. So the second is refused.
 */
@Internal
public final class OneInsertPerGroup {

    private final Map<String, GroupWrite> writes = new HashMap<>();

    /** Records the group writes of one more statement of the set. */
    public void add(List<GroupWrite> groupWrites) {
        for (GroupWrite write : groupWrites) {
            GroupWrite earlier =
                    writes.putIfAbsent(write.table() + "\u0000" + write.group(), write);
            if (earlier != null) {
                throw new EnrichmentPlanningException(
                        String.format(
                                "The statement set writes group '%s' of table '%s' twice, so two"
                                        + " sinks would race on it (each writes NULL for the rows"
                                        + " outside its WHERE, and the first row stored wins)."
                                        + " Write the group with one INSERT, e.g. with CASE WHEN"
                                        + " <condition> THEN <value> ELSE <other value> END. The"
                                        + " INSERTs:%n  %s%n  %s",
                                write.group(),
                                write.table(),
                                oneLine(earlier.statement()),
                                oneLine(write.statement())));
            }
        }
    }

    /** Refuses a statement set whose INSERTs write one group twice. */
    static void check(List<GroupWrite> groupWrites) {
        new OneInsertPerGroup().add(groupWrites);
    }

    /** The statement on one line, with the values of secret options hidden. */
    private static String oneLine(String statement) {
        return StatementRedaction.redact(statement).strip().replaceAll("\\s+", " ");
    }
}
