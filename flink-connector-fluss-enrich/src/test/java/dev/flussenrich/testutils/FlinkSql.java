/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.util.ArrayList;
import java.util.List;

/** Flink SQL environments on a shared MiniCluster, with the fluss-enrich catalog registered. */
public final class FlinkSql {

    public static final String CATALOG = "enrich";

    /** Register with {@code @RegisterExtension static final MiniClusterExtension FLINK = ...}. */
    public static MiniClusterExtension miniCluster() {
        return miniCluster(new Configuration());
    }

    /** A MiniCluster whose job metrics a test reads from {@code metrics}. */
    public static MiniClusterExtension miniCluster(InMemoryReporter metrics) {
        return miniCluster(metrics.addToConfiguration(new Configuration()));
    }

    private static MiniClusterExtension miniCluster(Configuration conf) {
        return new MiniClusterExtension(
                new MiniClusterResourceConfiguration.Builder()
                        .setConfiguration(conf)
                        .setNumberTaskManagers(1)
                        .setNumberSlotsPerTaskManager(8)
                        .build());
    }

    private FlinkSql() {}

    public static StreamTableEnvironment streaming() {
        return streaming(new Configuration());
    }

    /** A streaming environment (parallelism 2, checkpoints every 500 ms, no restarts). */
    public static StreamTableEnvironment streaming(Configuration conf) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(500);
        if (!conf.contains(RestartStrategyOptions.RESTART_STRATEGY)) {
            env.configure(noRestarts());
        }
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        useCatalog(tEnv);
        return tEnv;
    }

    /** A streaming environment as {@link #streaming()}, with checkpointing off. */
    public static StreamTableEnvironment streamingWithoutCheckpoints() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        env.configure(noRestarts());
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        useCatalog(tEnv);
        return tEnv;
    }

    private static Configuration noRestarts() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        return conf;
    }

    public static TableEnvironment batch() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.getConfig().set("parallelism.default", "2");
        useCatalog(tEnv);
        return tEnv;
    }

    private static void useCatalog(TableEnvironment tEnv) {
        tEnv.executeSql(
                String.format(
                        "CREATE CATALOG %s WITH ('type' = 'fluss-enrich', 'bootstrap.servers' ="
                                + " '%s', 'default-database' = '%s')",
                        CATALOG,
                        SharedFlussCluster.cluster().bootstrapServers(),
                        SharedFlussCluster.DATABASE));
        tEnv.useCatalog(CATALOG);
    }

    /** Runs a bounded query and returns its rows as strings ({@code Row.toString}). */
    public static List<String> collect(TableEnvironment tEnv, String query) throws Exception {
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tEnv.executeSql(query).collect()) {
            it.forEachRemaining(row -> rows.add(row.toString()));
        }
        return rows;
    }

    /** Waits for a job (e.g. an INSERT) to finish. */
    public static void await(TableResult result) throws Exception {
        result.await(2, java.util.concurrent.TimeUnit.MINUTES);
    }
}
