/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.embedded;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.cluster.Endpoint;
import org.apache.fluss.cluster.ServerNode;
import org.apache.fluss.cluster.ServerType;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.config.MemorySize;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metrics.registry.MetricRegistry;
import org.apache.fluss.rpc.GatewayClientProxy;
import org.apache.fluss.rpc.RpcClient;
import org.apache.fluss.rpc.gateway.CoordinatorGateway;
import org.apache.fluss.rpc.messages.MetadataRequest;
import org.apache.fluss.rpc.metrics.ClientMetricGroup;
import org.apache.fluss.security.acl.AclBinding;
import org.apache.fluss.server.ServerBase;
import org.apache.fluss.server.coordinator.CoordinatorServer;
import org.apache.fluss.server.tablet.TabletServer;
import org.apache.fluss.server.zk.ZooKeeperClient;
import org.apache.fluss.server.zk.ZooKeeperUtils;
import org.apache.fluss.server.zk.data.LeaderAndIsr;

import org.apache.curator.test.TestingServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * A Fluss cluster inside this JVM: ZooKeeper, one coordinator and N tablet servers, all on
 * loopback, with data under one temp folder that {@link #close()} deletes.
 *
 * <p>For demos, benchmarks and tests. It runs the released Fluss server classes unchanged.
 */
@PublicEvolving
public final class EmbeddedFlussCluster implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedFlussCluster.class);
    private static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(1);
    private static final String INTERNAL_LISTENER = "FLUSS";
    private static final String CLIENT_LISTENER = "CLIENT";

    private final int numTabletServers;
    private final Configuration clusterConf;
    private final @Nullable PlainSaslUsers users;
    private final Map<Integer, TabletServer> tabletServers = new TreeMap<>();

    private Path dataDir;
    private TestingServer zooKeeper;
    private ZooKeeperClient zooKeeperClient;
    private CoordinatorServer coordinator;
    private RpcClient rpcClient;

    private EmbeddedFlussCluster(
            int numTabletServers, Configuration clusterConf, @Nullable PlainSaslUsers users) {
        this.numTabletServers = numTabletServers;
        this.clusterConf = clusterConf;
        this.users = users;
    }

    /** Starts a cluster with the given number of tablet servers and default settings. */
    public static EmbeddedFlussCluster start(int numTabletServers) {
        return start(numTabletServers, new Configuration());
    }

    /**
     * Starts a cluster. {@code clusterConf} is given to every server, e.g. {@code
     * default.replication.factor}.
     */
    public static EmbeddedFlussCluster start(int numTabletServers, Configuration clusterConf) {
        return start(numTabletServers, clusterConf, null);
    }

    /**
     * Starts a secured cluster: clients authenticate with SASL/PLAIN as one of {@code users} and
     * every request is checked against Fluss's ACLs ({@code authorizer.enabled}); the super user
     * may do everything. The servers talk to each other on a second, internal listener.
     */
    public static EmbeddedFlussCluster startSecured(
            int numTabletServers, Configuration clusterConf, PlainSaslUsers users) {
        return start(numTabletServers, clusterConf, users);
    }

    private static EmbeddedFlussCluster start(
            int numTabletServers, Configuration clusterConf, @Nullable PlainSaslUsers users) {
        if (numTabletServers < 1) {
            throw new IllegalArgumentException(
                    "numTabletServers must be at least 1, got " + numTabletServers);
        }
        EmbeddedFlussCluster cluster =
                new EmbeddedFlussCluster(numTabletServers, clusterConf, users);
        try {
            cluster.startAll();
            return cluster;
        } catch (Exception e) {
            cluster.close();
            throw new IllegalStateException("Could not start the embedded Fluss cluster", e);
        }
    }

    private void startAll() throws Exception {
        dataDir = Files.createTempDirectory("fluss-enrich-cluster");
        zooKeeper = new TestingServer(true);
        Configuration zkConf = new Configuration();
        zkConf.setString(ConfigOptions.ZOOKEEPER_ADDRESS, zooKeeper.getConnectString());
        zooKeeperClient =
                ZooKeeperUtils.startZookeeperClient(
                        zkConf, e -> LOG.error("ZooKeeper client error", e));

        Configuration coordinatorConf = serverConf();
        coordinatorConf.setString(ConfigOptions.BIND_LISTENERS, listeners());
        coordinator = new CoordinatorServer(coordinatorConf);
        coordinator.start();
        for (int id = 0; id < numTabletServers; id++) {
            startTabletServer(id);
        }
        Configuration rpcConf = new Configuration();
        rpcClient =
                RpcClient.create(
                        rpcConf,
                        new ClientMetricGroup(
                                MetricRegistry.create(rpcConf, null), "embedded-cluster"),
                        false);
        awaitCoordinatorSees(numTabletServers);
        LOG.info("Embedded Fluss cluster up at {} ({})", bootstrapServers(), dataDir);
    }

    private Configuration serverConf() {
        Configuration conf = new Configuration(clusterConf);
        if (!conf.contains(ConfigOptions.TABLET_SERVER_CONTROLLED_SHUTDOWN_MAX_RETRIES)) {
            // Stop at once, like a crash: no leadership hand-over dance (and a fast close()).
            conf.set(ConfigOptions.TABLET_SERVER_CONTROLLED_SHUTDOWN_MAX_RETRIES, 0);
        }
        conf.setString(ConfigOptions.ZOOKEEPER_ADDRESS, zooKeeper.getConnectString());
        conf.setString(ConfigOptions.REMOTE_DATA_DIR, dataDir.resolve("remote").toUri().toString());
        if (users != null) {
            users.secure(conf, CLIENT_LISTENER);
        }
        return conf;
    }

    private String listeners() {
        String internal = INTERNAL_LISTENER + "://127.0.0.1:0";
        return users == null ? internal : internal + ", " + CLIENT_LISTENER + "://127.0.0.1:0";
    }

    /** Starts (or restarts) the tablet server with this id, keeping its data folder. */
    public void startTabletServer(int serverId) throws Exception {
        if (tabletServers.containsKey(serverId)) {
            throw new IllegalStateException("Tablet server " + serverId + " is already running");
        }
        Configuration conf = serverConf();
        conf.set(ConfigOptions.TABLET_SERVER_ID, serverId);
        conf.setString(ConfigOptions.BIND_LISTENERS, listeners());
        conf.setString(
                ConfigOptions.DATA_DIR,
                dataDir.resolve("tablet-server-" + serverId).toAbsolutePath().toString());
        TabletServer server = new TabletServer(conf);
        server.start();
        tabletServers.put(serverId, server);
    }

    /** Stops the tablet server with this id, as a crash of that process would. */
    public void stopTabletServer(int serverId) throws Exception {
        TabletServer server = tabletServers.remove(serverId);
        if (server == null) {
            throw new IllegalStateException("Tablet server " + serverId + " is not running");
        }
        server.closeAsync().get();
    }

    /** The id of the tablet server that leads this bucket, as recorded in ZooKeeper. */
    public int leaderOf(TableBucket bucket) {
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<Integer> leader = currentLeaderOf(bucket);
            if (leader.isPresent()) {
                return leader.get();
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("No leader for " + bucket + " within " + STARTUP_TIMEOUT);
    }

    /** The leader of this bucket recorded in ZooKeeper now, if one is elected; does not wait. */
    public Optional<Integer> currentLeaderOf(TableBucket bucket) {
        try {
            return zooKeeperClient
                    .getLeaderAndIsr(bucket)
                    .map(LeaderAndIsr::leader)
                    .filter(leader -> leader >= 0);
        } catch (Exception e) {
            throw new IllegalStateException("Could not read the leader of " + bucket, e);
        }
    }

    /** {@code host:port} of the cluster's ZooKeeper, where Fluss keeps its metadata. */
    public String zooKeeperAddress() {
        return zooKeeper.getConnectString();
    }

    /**
     * {@code host:port} of the coordinator, for {@code bootstrap.servers}; on a secured cluster its
     * SASL listener.
     */
    public String bootstrapServers() {
        Endpoint endpoint =
                coordinatorEndpoint(users == null ? INTERNAL_LISTENER : CLIENT_LISTENER);
        return endpoint.getHost() + ":" + endpoint.getPort();
    }

    private Endpoint coordinatorEndpoint(String listener) {
        return coordinator.getRpcServer().getBindEndpoints().stream()
                .filter(endpoint -> endpoint.getListenerName().equals(listener))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("No listener " + listener));
    }

    private ServerNode coordinatorNode() {
        Endpoint endpoint = coordinatorEndpoint(INTERNAL_LISTENER);
        return new ServerNode(0, endpoint.getHost(), endpoint.getPort(), ServerType.COORDINATOR);
    }

    /**
     * A client configuration for this cluster; on a secured cluster it authenticates as the super
     * user. The per-bucket fetch size is raised so that wide Arrow batches do not stall reads (see
     * docs/operations.md).
     */
    public Configuration clientConfig() {
        return users == null ? plainClientConfig() : clientConfig(users.superUser());
    }

    /** A client configuration that authenticates as {@code user} on this secured cluster. */
    public Configuration clientConfig(String user) {
        if (users == null) {
            throw new IllegalStateException("This cluster is not secured: it has no users");
        }
        Configuration conf = plainClientConfig();
        users.clientOptions(user).forEach(conf::setString);
        return conf;
    }

    private Configuration plainClientConfig() {
        Configuration conf = new Configuration();
        conf.setString(ConfigOptions.BOOTSTRAP_SERVERS.key(), bootstrapServers());
        conf.set(
                ConfigOptions.CLIENT_SCANNER_LOG_FETCH_MAX_BYTES_FOR_BUCKET,
                MemorySize.parse("4mb"));
        return conf;
    }

    /**
     * Waits until every server enforces these ACLs ({@code present}) or no longer does: Fluss
     * spreads ACL changes to its servers through ZooKeeper, after the admin call returns.
     */
    public void awaitAcls(Collection<AclBinding> acls, boolean present) {
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        List<ServerBase> servers = new ArrayList<>(tabletServers.values());
        servers.add(coordinator);
        while (!ServerAcls.allEnforce(servers, acls, present)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "The servers did not " + (present ? "apply " : "drop ") + acls);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** The folder holding all data of this cluster; deleted by {@link #close()}. */
    public Path dataDir() {
        return dataDir;
    }

    private void awaitCoordinatorSees(int expectedTabletServers) throws Exception {
        CoordinatorGateway gateway =
                GatewayClientProxy.createGatewayProxy(
                        this::coordinatorNode, rpcClient, CoordinatorGateway.class);
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        int seen = -1;
        while (System.nanoTime() < deadline) {
            try {
                seen = gateway.metadata(new MetadataRequest()).get().getTabletServersCount();
                if (seen == expectedTabletServers) {
                    return;
                }
            } catch (Exception e) {
                LOG.debug("Coordinator not ready yet", e);
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException(
                "The coordinator saw "
                        + seen
                        + " of "
                        + expectedTabletServers
                        + " tablet servers within "
                        + STARTUP_TIMEOUT);
    }

    @Override
    public void close() {
        closeQuietly(rpcClient);
        // Servers stop in parallel: each spends a while draining its request pool.
        List<CompletableFuture<Void>> stopping = new ArrayList<>();
        for (TabletServer server : tabletServers.values()) {
            stopping.add(CompletableFuture.runAsync(() -> server.closeAsync().join()));
        }
        for (CompletableFuture<Void> stop : stopping) {
            try {
                stop.get();
            } catch (Exception e) {
                LOG.warn("Could not stop a tablet server", e);
            }
        }
        tabletServers.clear();
        if (coordinator != null) {
            try {
                coordinator.closeAsync().get();
            } catch (Exception e) {
                LOG.warn("Could not stop the coordinator", e);
            }
        }
        closeQuietly(zooKeeperClient);
        closeQuietly(zooKeeper);
        deleteRecursively(dataDir);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            LOG.warn("Could not close {}", closeable, e);
        }
    }

    private static void deleteRecursively(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.warn("Could not delete {}", root, e);
        }
    }
}
