/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.embedded.EmbeddedFlussCluster;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

import java.net.URI;
import java.util.Map;

import static dev.flussenrich.examples.benchmark.BenchmarkSettings.BUCKETS;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.DB;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.GROUPS;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.PARALLELISM;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.PARTITIONING;
import static dev.flussenrich.examples.benchmark.BenchmarkSettings.table;

/**
 * What every measurement shares: the embedded Fluss cluster and a connection to it, one Flink
 * cluster for every job, one Flink SQL environment with both catalogs on it, the tables A
 * (fluss-enrich, with its groups), B (the copy) and ideal (the enrichment columns alone), the
 * schema, the disk usage and the report.
 */
final class BenchmarkSetup implements AutoCloseable {

    /** Slots for the most jobs that run at once (5 groups' jobs, or a job and its readers). */
    private static final int FLINK_SLOTS = 16;

    private final int rows;
    private final EmbeddedFlussCluster fluss;
    private final Connection connection;
    private final TableEnvironment sql;
    private final BenchmarkSchema schema = new BenchmarkSchema();
    private final BenchmarkReport report = new BenchmarkReport();
    private final DiskUsage disk;
    private final MiniCluster flink;

    BenchmarkSetup(int rows, EmbeddedFlussCluster fluss) throws Exception {
        this.rows = rows;
        this.fluss = fluss;
        this.connection = ConnectionFactory.createConnection(fluss.clientConfig());
        connection.getAdmin().createDatabase(DB, DatabaseDescriptor.EMPTY, true).get();
        this.flink = startFlink();
        // Fluss's own connector reads log tables in streaming mode only, so every job here is a
        // streaming job, on both sides, stopped once it has handled all rows.
        this.sql =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance()
                                .inStreamingMode()
                                .withConfiguration(submittingTo(flink))
                                .build());
        sql.getConfig().set("parallelism.default", String.valueOf(PARALLELISM));
        sql.createTemporarySystemFunction("tick", RowCounter.class);
        sql.createTemporarySystemFunction("embed", Embedding.class);
        registerCatalogsAndSinks();
        this.disk = new DiskUsage(fluss.dataDir(), connection.getAdmin());
    }

    /** Both catalogs see the same Fluss: 'enrich' (fluss-enrich) and 'fluss' (Fluss's own). */
    private void registerCatalogsAndSinks() {
        String servers = fluss.bootstrapServers();
        sql.executeSql(
                "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                        + servers
                        + "', 'default-database' = '"
                        + DB
                        + "')");
        sql.executeSql(
                "CREATE CATALOG fluss WITH ('type' = 'fluss', 'bootstrap.servers' = '"
                        + servers
                        + "', 'default-database' = '"
                        + DB
                        + "')");
        sql.executeSql(
                "CREATE TEMPORARY TABLE default_catalog.default_database.sink_all ("
                        + schema.allColumnsDdl()
                        + ") WITH ('connector' = 'blackhole')");
        sql.executeSql(
                "CREATE TEMPORARY TABLE default_catalog.default_database.sink_base ("
                        + schema.baseColumnsDdl()
                        + ") WITH ('connector' = 'blackhole')");
    }

    /** A with its column groups, the copy B and the ideal table (enrichment columns only). */
    void createTables() {
        sql.executeSql(
                "CREATE TABLE enrich.bench.a ("
                        + schema.allColumnsDdl()
                        + ")"
                        + PARTITIONING.partitionedBy()
                        + " WITH ('bucket.num' = '"
                        + BUCKETS
                        + "', 'bucket.key' = 'c0'"
                        + columnGroupProperties()
                        + ")");
        sql.executeSql(createCopyTable());
        sql.executeSql(
                "CREATE TABLE fluss.bench.ideal ("
                        + schema.enrichmentColumnsDdl()
                        + PARTITIONING.columnDdl()
                        + ")"
                        + PARTITIONING.partitionedBy()
                        + " WITH ('bucket.num' = '"
                        + BUCKETS
                        + "')");
    }

    /** Appends all base rows to A and returns A's bytes on disk. */
    long loadBaseRows() throws Exception {
        System.out.printf(
                "Loading %,d base rows of %d columns into A ...%n",
                rows, BenchmarkSchema.BASE_COLUMNS);
        createPartitions(table("a"));
        if (BenchmarkSettings.LOADER_BATCH_TIMEOUT == null) {
            schema.appendBaseRows(connection, table("a"), 0, rows);
        } else {
            org.apache.fluss.config.Configuration loaderConfig = fluss.clientConfig();
            loaderConfig.setString(
                    ConfigOptions.CLIENT_WRITER_BATCH_TIMEOUT.key(),
                    BenchmarkSettings.LOADER_BATCH_TIMEOUT);
            try (Connection loader = ConnectionFactory.createConnection(loaderConfig)) {
                schema.appendBaseRows(loader, table("a"), 0, rows);
            }
        }
        System.out.printf(
                "A holds %,.0f rows per stored batch%n", rows / (double) disk.batches(table("a")));
        return disk.logBytes(table("a"));
    }

    /**
     * A's partitions exist before its rows are loaded; the jobs' targets (companions, B, ideal) get
     * theirs from their writers, both sides alike, as a new group or copy would.
     */
    private void createPartitions(TablePath table) throws Exception {
        if (!PARTITIONING.enabled()) {
            return;
        }
        for (String partition : PARTITIONING.names()) {
            connection
                    .getAdmin()
                    .createPartition(
                            table, new PartitionSpec(Map.of(Partitioning.COLUMN, partition)), true)
                    .get();
        }
    }

    /** Before a repeated write: the groups dropped and added again, B dropped and created. */
    void recreateGroupsAndCopyTable() throws Exception {
        for (BenchmarkSchema.Group group : GROUPS) {
            sql.executeSql("CALL enrich.sys.drop_column_group('bench.a', '" + group.name() + "')")
                    .await();
            sql.executeSql(
                            "CALL enrich.sys.add_column_group('bench.a', '"
                                    + group.name()
                                    + "', '"
                                    + group.ddl()
                                    + "')")
                    .await();
        }
        sql.executeSql("DROP TABLE fluss.bench.b").await();
        sql.executeSql(createCopyTable()).await();
    }

    /** Enriches A and copies it to B once, untimed: for the modes that measure reads only. */
    void enrichAndCopyOnce(StreamingInsertTimer timer) throws Exception {
        Progress progress = new Progress(connection);
        timer.runUntilAllRowsHandled(
                progress.rowsInEach(BenchmarkSettings.companions()),
                BenchmarkSettings.enrichmentJob());
        timer.runUntilAllRowsHandled(progress.rowsIn(table("b")), schema.copyInsert());
        System.out.printf(
                "B holds %,.0f rows per stored batch%n", rows / (double) disk.batches(table("b")));
    }

    /** The bytes on disk of all companions of A. */
    long companionBytes() throws Exception {
        long bytes = 0;
        for (TablePath companion : BenchmarkSettings.companions()) {
            bytes += disk.logBytes(companion);
        }
        return bytes;
    }

    long companionBatches() throws Exception {
        long batches = 0;
        for (TablePath companion : BenchmarkSettings.companions()) {
            batches += disk.batches(companion);
        }
        return batches;
    }

    private String createCopyTable() {
        return "CREATE TABLE fluss.bench.b ("
                + schema.allColumnsDdl()
                + ")"
                + PARTITIONING.partitionedBy()
                + " WITH ('bucket.num' = '"
                + BUCKETS
                + "', 'bucket.key' = 'c0')";
    }

    private static String columnGroupProperties() {
        StringBuilder properties = new StringBuilder();
        for (BenchmarkSchema.Group group : GROUPS) {
            properties
                    .append(", 'column-groups.")
                    .append(group.name())
                    .append("' = '")
                    .append(String.join(", ", group.columns()))
                    .append("'");
        }
        return properties.toString();
    }

    int rows() {
        return rows;
    }

    EmbeddedFlussCluster fluss() {
        return fluss;
    }

    Connection connection() {
        return connection;
    }

    /** The streaming SQL environment the throughput jobs run in. */
    TableEnvironment sql() {
        return sql;
    }

    BenchmarkSchema schema() {
        return schema;
    }

    BenchmarkReport report() {
        return report;
    }

    DiskUsage disk() {
        return disk;
    }

    @Override
    public void close() throws Exception {
        connection.close();
        flink.close();
    }

    /**
     * One Flink cluster for every job of the run, as a session cluster (or the SQL gateway in front
     * of one) runs them. A local TableEnvironment otherwise starts a MiniCluster for each job and
     * stops it at the end: about 1 s of every job's start-up on this machine, on both sides, that
     * no deployed job pays (performance.md, method).
     */
    private static MiniCluster startFlink() throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestOptions.BIND_PORT, "0");
        MiniCluster cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(conf)
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(FLINK_SLOTS)
                                .build());
        cluster.start();
        return cluster;
    }

    private static Configuration submittingTo(MiniCluster cluster) throws Exception {
        URI rest = cluster.getRestAddress().get();
        Configuration conf = new Configuration();
        conf.set(DeploymentOptions.TARGET, "remote");
        conf.set(RestOptions.ADDRESS, rest.getHost());
        conf.set(RestOptions.PORT, rest.getPort());
        return conf;
    }
}
