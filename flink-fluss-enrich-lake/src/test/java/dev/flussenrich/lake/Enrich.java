/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.metadata.TablePath;

import java.util.List;
import java.util.function.IntPredicate;

/**
 * Writes groups of the test tables for the base rows whose id matches: {@code geo} as {@code
 * city-<id>}, {@code risk} as {@code id / 10}.
 */
final class Enrich {

    private Enrich() {}

    /** A new 2-bucket device_logs table with base rows 0 .. rows - 1, no group written yet. */
    static TablePath deviceLogs(String name, int rows) throws Exception {
        TablePath path = SharedFlussCluster.newTablePath(name);
        TestTables.createDeviceLogs(SharedFlussCluster.connection(), path, 2);
        TestTables.appendBase(SharedFlussCluster.connection(), path, 0, rows);
        return path;
    }

    /** The base rows (id and identity) as they are in Fluss now. */
    static List<StitchedRecord> baseRows(TablePath path) throws Exception {
        EnrichedTable table = new EnrichedTables(SharedFlussCluster.admin()).load(path);
        return TestTables.readBounded(
                SharedFlussCluster.connection(), table, StartPosition.earliest(), "id");
    }

    static void group(TablePath path, String group, IntPredicate ids) throws Exception {
        EnrichedTable table = new EnrichedTables(SharedFlussCluster.admin()).load(path);
        try (EnrichmentWriter writer =
                new EnrichmentWriter(
                        SharedFlussCluster.connection(), table, group, GapPolicy.FAIL)) {
            for (StitchedRecord base : baseRows(path)) {
                int id = base.row().getInt(0);
                if (ids.test(id)) {
                    writer.write(
                            base.bucket(),
                            base.offset(),
                            group.equals("geo")
                                    ? TestTables.city("city-" + id)
                                    : TestTables.score(id / 10.0));
                }
            }
            writer.flush();
        }
    }
}
