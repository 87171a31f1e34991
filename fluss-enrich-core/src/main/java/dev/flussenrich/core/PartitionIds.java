/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.PartitionInfo;
import org.apache.fluss.metadata.TablePath;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.flussenrich.core.internal.FlussCalls.awaitRetrying;

/**
 * Partition ids by name for one table. Base and companion partitions share names but not ids; the
 * cache is refreshed when a name is not known yet.
 */
@Internal
public final class PartitionIds {

    /**
     * How often a name not known lists the partitions again, at most. A reader of a group whose
     * companion partitions are not created yet asks for each of their buckets every 500 ms, and a
     * lookup of many buckets asks for each: one listing answers them all.
     */
    static final Duration MISS_RELISTING = Duration.ofMillis(100);

    private final Admin admin;
    private final TablePath table;
    private final Map<String, Long> idsByName = new HashMap<>();
    private long lastListing;

    public PartitionIds(Admin admin, TablePath table) {
        this.admin = admin;
        this.table = table;
        this.lastListing = System.nanoTime() - MISS_RELISTING.toNanos();
    }

    /**
     * The id of a partition, or empty if the table has no such partition (yet, or as of a listing
     * at most {@link #MISS_RELISTING} ago).
     */
    public Optional<Long> idOf(String partitionName) {
        return Optional.ofNullable(idsOf(List.of(partitionName)).get(partitionName));
    }

    /**
     * The ids of the named partitions that exist, by name: the table's partitions are listed at
     * most once, not once for each name not known yet (and not again within {@link
     * #MISS_RELISTING}).
     */
    public Map<String, Long> idsOf(Collection<String> partitionNames) {
        if (!idsByName.keySet().containsAll(partitionNames)
                && System.nanoTime() - lastListing >= MISS_RELISTING.toNanos()) {
            refresh();
        }
        Map<String, Long> ids = new HashMap<>();
        for (String name : partitionNames) {
            Long id = idsByName.get(name);
            if (id != null) {
                ids.put(name, id);
            }
        }
        return ids;
    }

    /** All partitions of the table, by name. */
    public Map<String, Long> all() {
        refresh();
        return Map.copyOf(idsByName);
    }

    /**
     * Every bucket of a table with {@code numBuckets} buckets: partitions (as they exist now, by
     * name) times buckets, or just the buckets when {@code partitioned} is false.
     */
    public List<EnrichedBucket> allBuckets(boolean partitioned, int numBuckets) {
        List<String> partitionNames =
                partitioned
                        ? all().keySet().stream().sorted().toList()
                        : Collections.singletonList(null);
        List<EnrichedBucket> buckets = new ArrayList<>();
        for (String partition : partitionNames) {
            for (int b = 0; b < numBuckets; b++) {
                buckets.add(EnrichedBucket.of(partition, b));
            }
        }
        return buckets;
    }

    private void refresh() {
        List<PartitionInfo> partitions = awaitRetrying(() -> admin.listPartitionInfos(table));
        lastListing = System.nanoTime();
        idsByName.clear();
        for (PartitionInfo partition : partitions) {
            idsByName.put(partition.getPartitionName(), partition.getPartitionId());
        }
    }
}
