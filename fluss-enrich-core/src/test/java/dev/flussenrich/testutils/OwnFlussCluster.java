/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.embedded.PlainSaslUsers;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.config.ConfigOption;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.DatabaseDescriptor;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An embedded Fluss cluster of one test class, for tests that need servers set up their own way
 * (several tablet servers, server options, security) or that stop servers. It starts before the
 * class's first test and closes after its last:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final OwnFlussCluster FLUSS =
 *         OwnFlussCluster.builder()
 *                 .tabletServers(3)
 *                 .config(ConfigOptions.DEFAULT_REPLICATION_FACTOR, 3)
 *                 .database("failover")
 *                 .build();
 * }</pre>
 *
 * <p>Register it {@code static}. Every other test uses {@link SharedFlussCluster}: one cluster for
 * the whole test JVM.
 */
public final class OwnFlussCluster implements BeforeAllCallback, AfterAllCallback {

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final int tabletServers;
    private final Configuration config;
    private final PlainSaslUsers users;
    private final List<String> databases;

    private EmbeddedFlussCluster cluster;
    private Connection connection;

    private OwnFlussCluster(Builder builder) {
        this.tabletServers = builder.tabletServers;
        this.config = new Configuration(builder.config);
        this.users = builder.users;
        this.databases = List.copyOf(builder.databases);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Settings of an {@link OwnFlussCluster}; by default one tablet server, no options. */
    public static final class Builder {

        private int tabletServers = 1;
        private final Configuration config = new Configuration();
        private PlainSaslUsers users;
        private final List<String> databases = new ArrayList<>();

        private Builder() {}

        /** How many tablet servers the cluster has (default 1). */
        public Builder tabletServers(int tabletServers) {
            this.tabletServers = tabletServers;
            return this;
        }

        /** A server option given to every server of the cluster. */
        public <T> Builder config(ConfigOption<T> option, T value) {
            config.set(option, value);
            return this;
        }

        /**
         * A secured cluster: clients log in with SASL/PLAIN as one of {@code users}, and every
         * request is checked against the ACLs. {@link #connection()} logs in as the super user.
         */
        public Builder secured(PlainSaslUsers users) {
            this.users = users;
            return this;
        }

        /** A database created when the cluster starts. */
        public Builder database(String name) {
            databases.add(name);
            return this;
        }

        public OwnFlussCluster build() {
            return new OwnFlussCluster(this);
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        cluster =
                users == null
                        ? EmbeddedFlussCluster.start(tabletServers, config)
                        : EmbeddedFlussCluster.startSecured(tabletServers, config, users);
        for (String database : databases) {
            admin().createDatabase(database, DatabaseDescriptor.EMPTY, false).get();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        try {
            if (connection != null) {
                closeWithin(connection, CLOSE_TIMEOUT);
            }
        } finally {
            connection = null;
            if (cluster != null) {
                cluster.close();
                cluster = null;
            }
        }
    }

    public EmbeddedFlussCluster cluster() {
        if (cluster == null) {
            throw new IllegalStateException(
                    "The cluster is not running: register OwnFlussCluster with a static"
                            + " @RegisterExtension field, and use it inside the test class.");
        }
        return cluster;
    }

    /**
     * A connection to the cluster (on a secured cluster, as the super user), opened on first use
     * and closed with the cluster.
     */
    public synchronized Connection connection() {
        if (connection == null) {
            connection = ConnectionFactory.createConnection(cluster().clientConfig());
        }
        return connection;
    }

    public Admin admin() {
        return connection().getAdmin();
    }

    /** {@code host:port} of the coordinator, for {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return cluster().bootstrapServers();
    }

    /**
     * Closes a connection, waiting at most {@code timeout}: a writer with unsent batches (to a
     * server a test stopped, or left behind by a test) would make its close wait without end.
     */
    static void closeWithin(Connection connection, Duration timeout) {
        CompletableFuture<Void> closing =
                CompletableFuture.runAsync(
                        () -> {
                            try {
                                connection.close();
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
        try {
            closing.get(timeout.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            System.err.println("A Fluss connection did not close within " + timeout);
        } catch (Exception e) {
            throw new IllegalStateException("Could not close the Fluss connection", e);
        }
    }
}
