/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.client.admin.FlussAdmin;
import org.apache.fluss.client.admin.KvSnapshotLease;
import org.apache.fluss.exception.NonPrimaryKeyTableException;
import org.apache.fluss.exception.UnknownTableOrBucketException;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TableInfo;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Set;
import java.util.UUID;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static dev.flussenrich.core.internal.FlussCalls.pause;

/**
 * Tells whether the Fluss coordinator has taken up a new table, for a partitioned table that has no
 * buckets yet to watch (see {@link TableCreation}).
 *
 * <p>The only Fluss 0.9.1 request answered from the coordinator's own table list (not from
 * ZooKeeper) that a client may send is the release of a KV snapshot lease: the coordinator first
 * looks up the table id and answers {@code UnknownTableOrBucketException} for a table it never took
 * up. For a known table it goes on: a log table gets {@code NonPrimaryKeyTableException}, a
 * primary-key table releases nothing (the probe's lease holds nothing). The lease exists only in
 * the client until it acquires a snapshot, which the probe never does, so nothing is left behind.
 */
@Internal
final class CoordinatorTables {

    private static final Logger LOG = LoggerFactory.getLogger(CoordinatorTables.class);

    private static final long POLL_MILLIS = 20;
    private static final long LEASE_MILLIS = 60_000;

    private final Admin admin;

    CoordinatorTables(Admin admin) {
        this.admin = admin;
    }

    /**
     * True once the coordinator knows the table, false if {@code wait} passes first. The
     * coordinator takes a table up a moment after its registration (its ZooKeeper watch is
     * asynchronous), so "unknown" counts only at the deadline. Any other answer (an authorization
     * error, say) is not a sign of a missed table and counts as known.
     */
    boolean awaitKnown(TableInfo table, Duration wait) {
        // Any other Admin is not a client of a real cluster: there is nothing to ask.
        if (!(admin instanceof FlussAdmin)) {
            return true;
        }
        KvSnapshotLease probe =
                admin.createKvSnapshotLease(
                        "fluss-enrich-probe-" + UUID.randomUUID(), LEASE_MILLIS);
        Set<TableBucket> anyBucket = Set.of(new TableBucket(table.getTableId(), 0));
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            try {
                await(probe.releaseSnapshots(anyBucket));
                return true;
            } catch (NonPrimaryKeyTableException e) {
                return true;
            } catch (UnknownTableOrBucketException e) {
                if (System.nanoTime() > deadline) {
                    LOG.debug(
                            "The coordinator does not know {}: {}",
                            table.getTablePath(),
                            e.toString());
                    return false;
                }
                pause(POLL_MILLIS, "the coordinator to take up " + table.getTablePath());
            } catch (RuntimeException e) {
                LOG.debug("Could not ask the coordinator about {}", table.getTablePath(), e);
                return true;
            }
        }
    }
}
