/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import org.apache.flink.annotation.PublicEvolving;

import java.util.List;

/**
 * A statement as the planner hands it to Flink.
 *
 * @param original the statement as submitted
 * @param sql what Flink runs: the rewritten statement, or the original untouched
 * @param rewritten whether the planner changed it
 * @param groupWrites the column groups its INSERTs write (concise or explicit form)
 */
@PublicEvolving
public record PlannedStatement(
        String original, String sql, boolean rewritten, List<GroupWrite> groupWrites) {

    /** One INSERT that writes a column group. */
    public record GroupWrite(String table, String group, String statement) {}
}
