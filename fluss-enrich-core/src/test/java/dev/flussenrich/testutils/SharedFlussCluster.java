/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.core.internal.BucketLeaders;
import dev.flussenrich.embedded.EmbeddedFlussCluster;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded Fluss cluster for the whole test JVM (closing one costs seconds). Register with
 * {@code @ExtendWith(SharedFlussCluster.class)}; tables get unique names from {@link
 * #newTablePath(String)}, so tests never see each other's data. A test that needs servers set up
 * its own way, or that stops servers, starts an {@link OwnFlussCluster} instead.
 *
 * <p>Before each test class the cluster must serve a new table within {@link #HEALTH_WAIT}; if it
 * does not, it is replaced by a fresh one. Why: Fluss 0.9.1's coordinator can miss a table
 * creation, and a partition then created for that table leaves the coordinator unable to serve any
 * later table ("The NotifyLeaderAndIsr batch request ... is not empty while creating a new one").
 * One such hit used to fail every later test class of the JVM.
 */
public final class SharedFlussCluster implements BeforeAllCallback {

    public static final String DATABASE = "enrich_test";
    private static final AtomicInteger TABLE_COUNTER = new AtomicInteger();
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration HEALTH_WAIT = Duration.ofSeconds(10);
    private static final Logger LOG = LoggerFactory.getLogger(SharedFlussCluster.class);
    private static final AtomicInteger GENERATION = new AtomicInteger();
    private static Resources resources;

    private static final class Resources implements ExtensionContext.Store.CloseableResource {
        final EmbeddedFlussCluster cluster = EmbeddedFlussCluster.start(1);
        final Connection connection = ConnectionFactory.createConnection(cluster.clientConfig());
        private boolean closed;

        Resources() throws Exception {
            connection.getAdmin().createDatabase(DATABASE, DatabaseDescriptor.EMPTY, true).get();
        }

        /** True if the cluster creates and serves a new one-bucket table within the wait. */
        boolean servesNewTables() {
            TablePath probe = newTablePath("health_probe");
            try {
                Admin admin = connection.getAdmin();
                admin.createTable(probe, TestTables.deviceLogs(1), false).get();
                TableInfo created = admin.getTableInfo(probe).get();
                boolean served = new BucketLeaders(admin).awaitServed(created, null, HEALTH_WAIT);
                admin.dropTable(probe, true).get();
                return served;
            } catch (Exception e) {
                LOG.warn("The shared Fluss cluster failed its health probe", e);
                return false;
            }
        }

        @Override
        public void close() throws Exception {
            // Surefire closes the root store after each class when it runs classes in several
            // JVMs (forkCount > 1): the next class of this JVM then starts a new cluster.
            synchronized (SharedFlussCluster.class) {
                if (closed) {
                    return;
                }
                closed = true;
                if (resources == this) {
                    resources = null;
                }
            }
            try {
                OwnFlussCluster.closeWithin(connection, CLOSE_TIMEOUT);
            } finally {
                cluster.close();
            }
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (SharedFlussCluster.class) {
            if (resources != null && !resources.servesNewTables()) {
                LOG.warn(
                        "The shared Fluss cluster no longer serves new tables (the coordinator"
                                + " race of Fluss 0.9.1): starting a fresh one for {}.",
                        context.getDisplayName());
                Resources broken = resources;
                broken.close();
            }
            if (resources == null) {
                // A new key per cluster: the root store closes every cluster at the end, and
                // closing one twice is harmless.
                resources =
                        context.getRoot()
                                .getStore(ExtensionContext.Namespace.GLOBAL)
                                .getOrComputeIfAbsent(
                                        "fluss-enrich-shared-cluster-"
                                                + GENERATION.incrementAndGet(),
                                        key -> {
                                            try {
                                                return new Resources();
                                            } catch (Exception e) {
                                                throw new IllegalStateException(e);
                                            }
                                        },
                                        Resources.class);
            }
        }
    }

    public static EmbeddedFlussCluster cluster() {
        return resources.cluster;
    }

    public static Connection connection() {
        return resources.connection;
    }

    public static Admin admin() {
        return resources.connection.getAdmin();
    }

    /** A table path no other test uses. */
    public static TablePath newTablePath(String prefix) {
        return TablePath.of(DATABASE, prefix + "_" + TABLE_COUNTER.incrementAndGet());
    }
}
