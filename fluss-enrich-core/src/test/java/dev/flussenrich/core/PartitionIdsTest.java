/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.PartitionInfo;
import org.apache.fluss.metadata.ResolvedPartitionSpec;
import org.apache.fluss.metadata.TablePath;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** Partition ids: names not known are listed again once for many, and not more than so often. */
class PartitionIdsTest {

    private final AtomicInteger listings = new AtomicInteger();
    private final List<PartitionInfo> partitions = new CopyOnWriteArrayList<>();
    private final PartitionIds ids =
            new PartitionIds(listingAdmin(), TablePath.of("db", "t_enrich__geo"));

    @Test
    void manyNamesNotKnownAreAnsweredByOneListing() {
        partitions.add(partition(1, "2026-03-01"));

        Map<String, Long> found = ids.idsOf(List.of("2026-03-01", "2026-03-02", "2026-03-03"));

        assertThat(found).isEqualTo(Map.of("2026-03-01", 1L));
        assertThat(listings.get()).isEqualTo(1);
        assertThat(ids.idOf("2026-03-01")).hasValue(1L);
        assertThat(listings.get()).as("a known name lists nothing").isEqualTo(1);
    }

    @Test
    void aMissRightAfterAListingIsAnsweredByItThenListsAgain() throws Exception {
        assertThat(ids.idOf("2026-03-02")).isEmpty();
        partitions.add(partition(2, "2026-03-02"));

        // A reader retrying every bucket of a partition not created yet: one listing for all.
        for (int bucket = 0; bucket < 64; bucket++) {
            ids.idOf("2026-03-02");
        }
        assertThat(listings.get()).isLessThanOrEqualTo(2);

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Optional<Long> id = ids.idOf("2026-03-02");
        while (id.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(PartitionIds.MISS_RELISTING.toMillis());
            id = ids.idOf("2026-03-02");
        }
        assertThat(id).hasValue(2L);
    }

    private static PartitionInfo partition(long id, String name) {
        return new PartitionInfo(id, ResolvedPartitionSpec.fromPartitionName(List.of("dt"), name));
    }

    private Admin listingAdmin() {
        return (Admin)
                Proxy.newProxyInstance(
                        Admin.class.getClassLoader(),
                        new Class<?>[] {Admin.class},
                        (proxy, method, args) -> {
                            if (!method.getName().equals("listPartitionInfos")) {
                                throw new UnsupportedOperationException(method.getName());
                            }
                            listings.incrementAndGet();
                            return CompletableFuture.completedFuture(List.copyOf(partitions));
                        });
    }
}
