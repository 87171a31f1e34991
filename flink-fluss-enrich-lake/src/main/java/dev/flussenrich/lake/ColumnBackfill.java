/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.annotation.Internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The course of a backfill, the same for every lake format: fill the columns marked {@link
 * LakeSchemaEvolution#BACKFILL_COLUMNS} once, in one lake commit, then clear the mark. A commit
 * that filled them already (marked {@link #FILLED_COLUMNS}, a crash before the mark was cleared) is
 * not repeated: a second fill could set NULL where a base has left Fluss since.
 *
 * @param <T> the loaded lake table
 */
@Internal
public abstract class ColumnBackfill<T> {

    private static final Logger LOG = LoggerFactory.getLogger(ColumnBackfill.class);

    /** The snapshot property (Paimon) or summary key (Iceberg) naming the columns a fill filled. */
    public static final String FILLED_COLUMNS = "fluss-enrich.backfilled-columns";

    /** Fills the marked columns, if any, and clears the mark. */
    public final void run() {
        T table = load();
        Set<String> columns = LakeSchemaEvolution.backfillColumns(tableOptions(table));
        if (columns.isEmpty()) {
            return;
        }
        Map<String, String> tiered = latestTieredProperties(table);
        if (tiered != null && !String.join(",", columns).equals(tiered.get(FILLED_COLUMNS))) {
            try {
                fill(table, tiered, new ArrayList<>(columns));
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(
                        "Could not fill columns " + columns + " of " + describe() + ".", e);
            }
        }
        clearMark(table);
        LOG.info("Filled columns {} of {}", columns, describe());
    }

    /** The lake table, loaded. */
    protected abstract T load();

    /** The table's options (Paimon) or properties (Iceberg), where the mark is. */
    protected abstract Map<String, String> tableOptions(T table);

    /** The properties of the newest snapshot tiering committed, or null before the first. */
    protected abstract Map<String, String> latestTieredProperties(T table);

    /**
     * Fills {@code columns} in one commit that keeps the tiered properties and adds {@link
     * #FILLED_COLUMNS}.
     */
    protected abstract void fill(T table, Map<String, String> tiered, List<String> columns)
            throws Exception;

    /** Removes the mark from the table. */
    protected abstract void clearMark(T table);

    /** The lake table for messages, e.g. "Paimon table 'db.t'". */
    protected abstract String describe();
}
