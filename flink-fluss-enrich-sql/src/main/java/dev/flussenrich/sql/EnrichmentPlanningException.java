/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.ValidationException;

/** A statement the enrichment planner rejects; the message says why and what to write instead. */
@PublicEvolving
public final class EnrichmentPlanningException extends ValidationException {

    private static final long serialVersionUID = 1L;

    /** Thrown by the planner; public only because the planner is a package of its own. */
    @Internal
    public EnrichmentPlanningException(String message) {
        super(message);
    }
}
