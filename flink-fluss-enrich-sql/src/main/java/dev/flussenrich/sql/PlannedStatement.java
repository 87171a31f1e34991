/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import org.apache.flink.annotation.PublicEvolving;

/**
 * A statement as the planner hands it to Flink.
 *
 * @param original the statement as submitted
 * @param sql what Flink runs: the rewritten statement, or the original untouched
 * @param rewritten whether the planner changed it
 */
@PublicEvolving
public record PlannedStatement(String original, String sql, boolean rewritten) {

    static PlannedStatement unchanged(String original) {
        return new PlannedStatement(original, original, false);
    }
}
