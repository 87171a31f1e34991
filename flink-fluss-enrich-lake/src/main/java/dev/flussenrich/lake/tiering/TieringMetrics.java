/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.tiering;

import org.apache.flink.annotation.PublicEvolving;

/** Names of the metrics the tiering committer registers (documented in docs/lake.md). */
@PublicEvolving
public final class TieringMetrics {

    /** Base rows not in the lake yet, over every bucket of the base (-1 until first measured). */
    public static final String TIERING_LAG = "tieringLag";

    /** The id of the newest Paimon snapshot the lake table has (0 while it has none). */
    public static final String LAKE_SNAPSHOT_ID = "lakeSnapshotId";

    private TieringMetrics() {}
}
