/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.ResolvedPartitionSpec;
import org.apache.fluss.metadata.TableInfo;

import java.util.HashMap;
import java.util.Map;

import static dev.flussenrich.core.internal.FlussCalls.await;

/**
 * Creates the partitions of one table on first use and waits for their bucket leaders, so that the
 * first write to a new partition never asks a tablet server too early (see {@link BucketLeaders}).
 * Fluss's own dynamic partition creation writes at once; writers use this instead.
 */
@Internal
public final class PartitionCreator {

    private final Admin admin;
    private final TableInfo table;
    private final BucketLeaders leaders;
    private final Map<String, ResolvedPartitionSpec> ready = new HashMap<>();

    public PartitionCreator(Admin admin, TableInfo table) {
        this.admin = admin;
        this.table = table;
        this.leaders = new BucketLeaders(admin);
    }

    /** Creates the partition unless it exists, waits for its leaders; then returns its spec. */
    public ResolvedPartitionSpec ensure(String partitionName) {
        ResolvedPartitionSpec spec = ready.get(partitionName);
        if (spec == null) {
            spec = ResolvedPartitionSpec.fromPartitionName(table.getPartitionKeys(), partitionName);
            await(admin.createPartition(table.getTablePath(), spec.toPartitionSpec(), true));
            leaders.awaitPartition(table, partitionName);
            ready.put(partitionName, spec);
        }
        return spec;
    }
}
