/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import dev.flussenrich.sql.EnrichmentSql;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The soak's local Flink: environments that restart failed tasks as a production job would (fixed
 * delay, without limit for the soak's length) and checkpoint every second; and the record of every
 * job started, so that the end can tell a job that failed from one the soak cancelled.
 */
final class SoakFlink {

    private static final long CHECKPOINT_MILLIS = 1_000;

    private final String bootstrapServers;
    private final Map<JobClient, String> running = new ConcurrentHashMap<>();
    private final List<String> ended = new ArrayList<>();

    SoakFlink(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /** A streaming environment, restored from {@code savepoint} unless it is null. */
    StreamExecutionEnvironment environment(int parallelism, String savepoint) {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 1_000);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofSeconds(1));
        if (savepoint != null) {
            conf.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(parallelism);
        env.enableCheckpointing(CHECKPOINT_MILLIS);
        return env;
    }

    /** The SQL of an environment, with the fluss-enrich catalog and the soak's functions. */
    EnrichmentSql sql(StreamExecutionEnvironment env) {
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.createTemporarySystemFunction("soak_city", SoakFunctions.City.class);
        tEnv.createTemporarySystemFunction("soak_score", SoakFunctions.Score.class);
        tEnv.createTemporarySystemFunction("soak_label", SoakFunctions.Label.class);
        tEnv.createTemporarySystemFunction("soak_read_id", SoakFunctions.ReadId.class);
        EnrichmentSql sql = EnrichmentSql.on(tEnv);
        sql.executeSql(
                "CREATE CATALOG soak_catalog WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                        + bootstrapServers
                        + "', 'default-database' = '"
                        + SoakTable.DATABASE
                        + "')");
        sql.executeSql("USE CATALOG soak_catalog");
        return sql;
    }

    /** Records a job the soak started. */
    JobClient track(JobClient job, String name) {
        running.put(job, name);
        return job;
    }

    /** Cancels a job the soak started and waits until it is gone. */
    void cancel(JobClient job) throws Exception {
        String name = running.remove(job);
        JobStatus before = job.getJobStatus().get(30, TimeUnit.SECONDS);
        if (before == JobStatus.FAILED) {
            ended.add(name + " FAILED before the soak cancelled it");
        }
        job.cancel().get(60, TimeUnit.SECONDS);
    }

    /** Forgets a job the soak stopped with a savepoint. */
    void stopped(JobClient job) {
        running.remove(job);
    }

    /** The jobs that failed: those still tracked and not RUNNING, and those found failed. */
    List<String> failedJobs() throws Exception {
        List<String> failed = new ArrayList<>(ended);
        for (Map.Entry<JobClient, String> job : running.entrySet()) {
            JobStatus status = job.getKey().getJobStatus().get(30, TimeUnit.SECONDS);
            if (status != JobStatus.RUNNING) {
                failed.add(job.getValue() + " " + status);
            }
        }
        return failed;
    }

    /** Cancels every job still running, at the end. */
    void cancelAll() {
        for (JobClient job : List.copyOf(running.keySet())) {
            try {
                cancel(job);
            } catch (Exception e) {
                // the run is over; a job that does not cancel goes with the JVM
            }
        }
    }
}
