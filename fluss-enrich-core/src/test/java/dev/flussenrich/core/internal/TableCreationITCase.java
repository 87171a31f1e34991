/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import dev.flussenrich.testutils.MissedTables;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A table the Fluss coordinator missed (played by {@link MissedTables}) is dropped and created
 * again, a partitioned one too; one it misses every time fails with a clear error and is not left
 * behind. (Never create a partition of a missed table here: that breaks the shared cluster's
 * coordinator for good.)
 */
@ExtendWith(SharedFlussCluster.class)
class TableCreationITCase {

    private static final Duration WAIT = Duration.ofSeconds(2);

    private final Admin admin = SharedFlussCluster.admin();
    private final List<Long> registeredIds = new ArrayList<>();

    @Test
    void aTableTheCoordinatorMissedIsCreatedAgain() {
        TablePath path = SharedFlussCluster.newTablePath("missed");
        TableInfo created =
                new TableCreation(admin, missedFirstTime(), WAIT)
                        .create(path, TestTables.deviceLogs(3));

        assertThat(registeredIds).hasSize(2);
        assertThat(created.getTableId()).isEqualTo(registeredIds.get(1));
        assertThat(new BucketLeaders(admin).awaitServed(created, null, Duration.ZERO)).isTrue();
    }

    @Test
    void aPartitionedTableTheCoordinatorMissedIsCreatedAgainBeforeItsFirstPartition() {
        TablePath path = SharedFlussCluster.newTablePath("missed_partitioned");
        TableInfo created =
                new TableCreation(admin, missedFirstTime(), WAIT)
                        .create(path, TestTables.partitionedByDay(2));

        // Checked before any partition exists: a partition of the missed table would have broken
        // the coordinator.
        assertThat(registeredIds).hasSize(2);
        assertThat(created.getTableId()).isEqualTo(registeredIds.get(1));
        new PartitionCreator(admin, created).ensure("2026-12-03");
        assertThat(new BucketLeaders(admin).awaitServed(created, "2026-12-03", Duration.ZERO))
                .isTrue();
    }

    @Test
    void aTableMissedEveryTimeFailsAndIsDropped() {
        TablePath path = SharedFlussCluster.newTablePath("missed_always");
        BiConsumer<TablePath, TableDescriptor> alwaysMissed = this::registerMissed;

        assertThatThrownBy(
                        () ->
                                new TableCreation(admin, alwaysMissed, WAIT)
                                        .create(path, TestTables.deviceLogs(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "Table '"
                                + path
                                + "' was created 3 times, and Fluss never served it within 2 s."
                                + " Check that the Fluss tablet servers are running, then retry.");
        assertThat(registeredIds).hasSize(3);
        assertThat(await(admin.tableExists(path))).isFalse();
    }

    /** Registers like a missed creation the first time, then creates for real. */
    private BiConsumer<TablePath, TableDescriptor> missedFirstTime() {
        return (path, descriptor) -> {
            if (registeredIds.isEmpty()) {
                registerMissed(path, descriptor);
            } else {
                await(admin.createTable(path, descriptor, false));
                registeredIds.add(await(admin.getTableInfo(path)).getTableId());
            }
        };
    }

    private void registerMissed(TablePath path, TableDescriptor descriptor) {
        try {
            MissedTables.register(path, descriptor);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        registeredIds.add(await(admin.getTableInfo(path)).getTableId());
    }
}
