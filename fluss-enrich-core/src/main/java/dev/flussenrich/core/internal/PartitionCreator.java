/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.ResolvedPartitionSpec;
import org.apache.fluss.metadata.TableInfo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

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
        this(admin, table, new BucketLeaders(admin));
    }

    /** Asks the leaders of many new partitions after one metadata update. */
    public PartitionCreator(Connection connection, TableInfo table) {
        this(
                connection.getAdmin(),
                table,
                new BucketLeaders(connection.getAdmin(), ManyPartitionOffsets.of(connection)));
    }

    private PartitionCreator(Admin admin, TableInfo table, BucketLeaders leaders) {
        this.admin = admin;
        this.table = table;
        this.leaders = leaders;
    }

    /** Creates the partition unless it exists, waits for its leaders; then returns its spec. */
    public ResolvedPartitionSpec ensure(String partitionName) {
        ensureAll(List.of(partitionName));
        return ready.get(partitionName);
    }

    /**
     * {@link #ensure} for several partitions: all creations are sent before the first is awaited,
     * and the leaders of all are waited for together, so n partitions cost about what one does.
     */
    public void ensureAll(Collection<String> partitionNames) {
        Map<String, ResolvedPartitionSpec> missing = new LinkedHashMap<>();
        for (String name : partitionNames) {
            if (!ready.containsKey(name)) {
                missing.put(
                        name,
                        ResolvedPartitionSpec.fromPartitionName(table.getPartitionKeys(), name));
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        List<CompletableFuture<Void>> creations = new ArrayList<>();
        for (ResolvedPartitionSpec spec : missing.values()) {
            creations.add(
                    admin.createPartition(table.getTablePath(), spec.toPartitionSpec(), true));
        }
        creations.forEach(FlussCalls::await);
        leaders.awaitPartitions(table, missing.keySet());
        ready.putAll(missing);
    }

    /** Forgets a partition that no longer exists: the next {@link #ensure} creates it again. */
    public void forget(String partitionName) {
        ready.remove(partitionName);
    }
}
