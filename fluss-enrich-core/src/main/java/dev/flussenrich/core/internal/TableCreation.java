/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.function.BiConsumer;

import static dev.flussenrich.core.internal.FlussCalls.await;

/**
 * Creates one Fluss table and returns once it is served, creating it again if Fluss never brings it
 * up.
 *
 * <p>Fluss 0.9.1's coordinator can miss a table creation: registering the schema creates the
 * table's ZooKeeper node empty, the registration is written into it a moment later, and the
 * coordinator's ZooKeeper cache fires a creation only for a change of an empty node. When the cache
 * reads the node late (a busy coordinator) it reports the node as created with its data, which the
 * coordinator ignores, and the table never gets a bucket leader (fixed upstream after 0.9.1,
 * apache/fluss#2710). Such a table is still empty, so it is dropped and created again.
 */
@Internal
public final class TableCreation {

    private static final Logger LOG = LoggerFactory.getLogger(TableCreation.class);

    private static final int ATTEMPTS = 3;
    private static final Duration SERVED_WAIT = Duration.ofSeconds(10);

    private final Admin admin;
    private final BucketLeaders leaders;
    private final CoordinatorTables coordinator;
    private final BiConsumer<TablePath, TableDescriptor> createStep;
    private final Duration servedWait;

    public TableCreation(Admin admin) {
        this(
                admin,
                (path, descriptor) -> await(admin.createTable(path, descriptor, false)),
                SERVED_WAIT);
    }

    /** With the step that registers the table, for tests that play the coordinator missing it. */
    TableCreation(
            Admin admin, BiConsumer<TablePath, TableDescriptor> createStep, Duration servedWait) {
        this.admin = admin;
        this.leaders = new BucketLeaders(admin);
        this.coordinator = new CoordinatorTables(admin);
        this.createStep = createStep;
        this.servedWait = servedWait;
    }

    public TableInfo create(TablePath path, TableDescriptor descriptor) {
        for (int attempt = 1; ; attempt++) {
            createStep.accept(path, descriptor);
            TableInfo created = await(admin.getTableInfo(path));
            if (isServed(created)) {
                return created;
            }
            await(admin.dropTable(path, true));
            if (attempt == ATTEMPTS) {
                throw new IllegalStateException(
                        String.format(
                                "Table '%s' was created %d times, and Fluss never served it"
                                        + " within %d s. Check that the Fluss tablet servers are"
                                        + " running, then retry.",
                                path, ATTEMPTS, servedWait.toSeconds()));
            }
            LOG.warn(
                    "Fluss does not serve table {} {} s after its creation: the coordinator missed"
                            + " it. Creating it again.",
                    path,
                    servedWait.toSeconds());
        }
    }

    /**
     * A partitioned table has no buckets before its first partition, so the coordinator is asked
     * whether it knows the table. This must be settled before any partition is created: a partition
     * of a table the coordinator missed breaks the coordinator for every later table (its
     * leader-notification batch is left half built, "The NotifyLeaderAndIsr batch request ... is
     * not empty while creating a new one"), until it restarts.
     */
    private boolean isServed(TableInfo table) {
        return table.isPartitioned()
                ? coordinator.awaitKnown(table, servedWait)
                : leaders.awaitServed(table, null, servedWait);
    }
}
