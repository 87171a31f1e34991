/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.metadata.TablePath;

import java.io.Serializable;

/**
 * What a logical table is, independent of how it is stored: its Fluss path, its column groups and
 * whether rows carry a partition. {@link EnrichedTable} adds the stored tables; planners (the table
 * factory, the catalog, the SQL planner) and planned sources and sinks use this.
 *
 * @param path the base table's path
 * @param groups the column groups, in name order
 * @param partitioned whether the base table is partitioned
 */
@PublicEvolving
public record LogicalTable(TablePath path, ColumnGroups groups, boolean partitioned)
        implements Serializable {}
