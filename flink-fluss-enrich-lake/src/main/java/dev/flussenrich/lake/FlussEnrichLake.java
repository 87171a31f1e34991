/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Entry points for the lake: enriched tiering of a logical table to Apache Paimon, and the union
 * read of that Paimon table and the Fluss log.
 *
 * <pre>{@code
 * env.enableCheckpointing(30_000);
 * FlussEnrichLake.tiering()
 *     .setBootstrapServers("fluss:9123")
 *     .setTable("db", "device_logs")
 *     .setWarehouse("file:///data/lake")
 *     .addTo(env);
 *
 * DataStream<RowData> all = FlussEnrichLake.unionRead()
 *     .setBootstrapServers("fluss:9123")
 *     .setTable("db", "device_logs")
 *     .setWarehouse("file:///data/lake")
 *     .addTo(env);
 * }</pre>
 */
@PublicEvolving
public final class FlussEnrichLake {

    private FlussEnrichLake() {}

    /** A job that tiers complete rows of a logical table to one Paimon table, exactly-once. */
    public static LakeTieringBuilder tiering() {
        return new LakeTieringBuilder();
    }

    /** A read that starts in the newest lake snapshot and continues in the Fluss log. */
    public static UnionReadBuilder unionRead() {
        return new UnionReadBuilder();
    }
}
