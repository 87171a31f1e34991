/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;

import java.util.ArrayList;
import java.util.List;

/**
 * The tables one {@link StitchedScanner} reads: the base, and the companion of each group the
 * projection touches (in {@link ProjectionPlan#groups()} order, so a group's index is its
 * companion's).
 */
@Internal
record ScannedTables(ScannedTable base, List<ScannedTable> companions) implements AutoCloseable {

    /** The index that stands for the base where a group's index is expected. */
    static final int BASE = -1;

    static ScannedTables open(Connection connection, EnrichedTable table, ProjectionPlan plan) {
        ScannedTable base = new ScannedTable(connection, table.tablePath(), plan.baseColumns());
        List<ScannedTable> companions = new ArrayList<>();
        for (String group : plan.groups()) {
            companions.add(
                    new ScannedTable(
                            connection,
                            table.requireGroup(group).companionPath(),
                            plan.companionColumns(group)));
        }
        return new ScannedTables(base, List.copyOf(companions));
    }

    ScannedTable companion(int group) {
        return companions.get(group);
    }

    /** The companion of a group, or the base for {@link #BASE}. */
    ScannedTable table(int group) {
        return group == BASE ? base : companion(group);
    }

    int groups() {
        return companions.size();
    }

    /** Stops fetching a bucket from every table. */
    void unsubscribe(EnrichedBucket bucket) {
        base.unsubscribe(bucket);
        companions.forEach(companion -> companion.unsubscribe(bucket));
    }

    @Override
    public void close() throws Exception {
        base.close();
        for (ScannedTable companion : companions) {
            companion.close();
        }
    }
}
