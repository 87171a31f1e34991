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

    /** Creations sent ahead ({@link #createAhead}) and not waited for yet. */
    private final Map<String, CompletableFuture<Void>> creating = new HashMap<>();

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
        ResolvedPartitionSpec spec = ready.get(partitionName);
        if (spec != null) {
            return spec;
        }
        CompletableFuture<Void> creation = creating.remove(partitionName);
        FlussCalls.await(creation != null ? creation : create(partitionName));
        List<String> created = new ArrayList<>(List.of(partitionName));
        created.addAll(createdAhead());
        leaders.awaitPartitions(table, created);
        created.forEach(name -> ready.put(name, specOf(name)));
        return ready.get(partitionName);
    }

    /**
     * Sends the creation of partitions that will be written soon, without waiting for any: the
     * coordinator creates them one after another meanwhile, and {@link #ensure} waits for each only
     * when its first row comes, so rows of partitions already served are written while the later
     * ones are still being created (as Fluss's own writer does with the partitions it creates).
     */
    public void createAhead(Collection<String> partitionNames) {
        for (String name : partitionNames) {
            if (!ready.containsKey(name) && !creating.containsKey(name)) {
                creating.put(name, create(name));
            }
        }
    }

    /**
     * The creations sent ahead that have completed by now, taken out: their leaders are waited for
     * with the partition at hand, in one request, not one at each of their first rows.
     */
    private List<String> createdAhead() {
        List<String> created = new ArrayList<>();
        creating.entrySet()
                .removeIf(
                        creation -> {
                            CompletableFuture<Void> future = creation.getValue();
                            if (future.isDone() && !future.isCompletedExceptionally()) {
                                created.add(creation.getKey());
                                return true;
                            }
                            return false;
                        });
        return created;
    }

    private CompletableFuture<Void> create(String partitionName) {
        return admin.createPartition(
                table.getTablePath(), specOf(partitionName).toPartitionSpec(), true);
    }

    private ResolvedPartitionSpec specOf(String partitionName) {
        return ResolvedPartitionSpec.fromPartitionName(table.getPartitionKeys(), partitionName);
    }

    /** Forgets a partition that no longer exists: the next {@link #ensure} creates it again. */
    public void forget(String partitionName) {
        ready.remove(partitionName);
        creating.remove(partitionName);
    }
}
