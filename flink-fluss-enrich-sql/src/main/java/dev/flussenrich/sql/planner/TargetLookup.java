/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.apache.flink.annotation.Internal;

import java.util.List;
import java.util.Optional;

/** Finds the fluss-enrich table an INSERT names, as the session running the statement sees it. */
@FunctionalInterface
@Internal
public interface TargetLookup {

    /**
     * The table behind an identifier as written (one to three parts); empty if there is no such
     * table or it is not a fluss-enrich table.
     */
    Optional<EnrichmentTarget> find(List<String> identifier);
}
