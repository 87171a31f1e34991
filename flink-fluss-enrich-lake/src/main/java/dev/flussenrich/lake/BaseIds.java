/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.PartitionIds;

import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;
import java.util.Map;

import static dev.flussenrich.core.internal.FlussCalls.awaitRetrying;

/**
 * Fluss's ids of a base table as it is now: its table id and its partitions' ids by name. A lake
 * offset applies only to the table and partition ids it was recorded for: a table or partition
 * dropped and created again under the same name gets new ids, and starts at its own offsets.
 *
 * @param tableId the base's table id
 * @param partitionIds the base's partitions by name (empty for a table without partitions)
 */
@Internal
public record BaseIds(long tableId, Map<String, Long> partitionIds) implements Serializable {

    public BaseIds {
        partitionIds = Map.copyOf(partitionIds);
    }

    /** The ids of {@code base} now: one table-info and one list-partitions request. */
    public static BaseIds load(Admin admin, TablePath base, boolean partitioned) {
        long tableId = awaitRetrying(() -> admin.getTableInfo(base)).getTableId();
        return new BaseIds(tableId, partitioned ? new PartitionIds(admin, base).all() : Map.of());
    }
}
