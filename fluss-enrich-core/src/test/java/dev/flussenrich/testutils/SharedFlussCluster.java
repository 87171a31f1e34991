/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.embedded.EmbeddedFlussCluster;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.TablePath;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded Fluss cluster for the whole test JVM (closing one costs seconds). Register with
 * {@code @ExtendWith(SharedFlussCluster.class)}; tables get unique names from {@link
 * #newTablePath(String)}, so tests never see each other's data. A test that needs servers set up
 * its own way, or that stops servers, starts an {@link OwnFlussCluster} instead.
 */
public final class SharedFlussCluster implements BeforeAllCallback {

    public static final String DATABASE = "enrich_test";
    private static final AtomicInteger TABLE_COUNTER = new AtomicInteger();
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);
    private static Resources resources;

    private static final class Resources implements ExtensionContext.Store.CloseableResource {
        final EmbeddedFlussCluster cluster = EmbeddedFlussCluster.start(1);
        final Connection connection = ConnectionFactory.createConnection(cluster.clientConfig());

        Resources() throws Exception {
            connection.getAdmin().createDatabase(DATABASE, DatabaseDescriptor.EMPTY, true).get();
        }

        @Override
        public void close() throws Exception {
            // Surefire closes the root store after each class when it runs classes in several
            // JVMs (forkCount > 1): the next class of this JVM then starts a new cluster.
            synchronized (SharedFlussCluster.class) {
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
    public void beforeAll(ExtensionContext context) {
        synchronized (SharedFlussCluster.class) {
            if (resources == null) {
                resources =
                        context.getRoot()
                                .getStore(ExtensionContext.Namespace.GLOBAL)
                                .getOrComputeIfAbsent(
                                        "fluss-enrich-shared-cluster",
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
