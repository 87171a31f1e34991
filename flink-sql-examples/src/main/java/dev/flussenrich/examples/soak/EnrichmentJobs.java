/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.CheckpointFailureReason;
import org.apache.flink.util.ExceptionUtils;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One streaming concise enrichment INSERT per group, and what the faults do to it: cancel and
 * resubmit (it starts from the group's watermark), stop with a savepoint and restore at another
 * parallelism, a duplicate job on the same group.
 */
final class EnrichmentJobs {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(90);

    /**
     * Why Flink refuses or aborts a savepoint of a job that is restarting after another fault: the
     * job keeps running (it is not stopped), so the stop is simply asked again.
     */
    private static final Set<CheckpointFailureReason> FAILOVER_REASONS =
            EnumSet.of(
                    CheckpointFailureReason.NOT_ALL_REQUIRED_TASKS_RUNNING,
                    CheckpointFailureReason.CHECKPOINT_COORDINATOR_SUSPEND,
                    CheckpointFailureReason.JOB_FAILOVER_REGION,
                    CheckpointFailureReason.TASK_FAILURE,
                    CheckpointFailureReason.CHECKPOINT_DECLINED_TASK_NOT_READY);

    private final SoakFlink flink;
    private final Path savepoints;
    private final Map<String, JobClient> jobs = new HashMap<>();
    private final Map<String, Integer> parallelism = new HashMap<>();

    EnrichmentJobs(SoakFlink flink, Path savepoints) {
        this.flink = flink;
        this.savepoints = savepoints;
    }

    /** Starts every group's job at parallelism 2. */
    void startAll() {
        for (String group : SoakTable.GROUPS) {
            jobs.put(group, submit(group, 2, null, "enrich " + group));
            parallelism.put(group, 2);
        }
    }

    /** A job of the group's concise INSERT, at a parallelism, from a savepoint or the watermark. */
    JobClient submit(String group, int atParallelism, String savepoint, String name) {
        JobClient job =
                flink.sql(flink.environment(atParallelism, savepoint))
                        .executeSql(SoakTable.conciseInsert(group))
                        .getJobClient()
                        .orElseThrow();
        return flink.track(job, name);
    }

    void cancelAndResubmit(String group) throws Exception {
        flink.cancel(jobs.get(group));
        jobs.put(group, submit(group, parallelism.get(group), null, "enrich " + group));
    }

    /** Stops the group's job with a savepoint and restores it at {@code next}; returns the path. */
    String stopWithSavepointAndRestore(String group, int next) throws Exception {
        JobClient job = jobs.get(group);
        String savepoint = stopWithSavepoint(job);
        flink.stopped(job);
        jobs.put(group, submit(group, next, savepoint, "enrich " + group + " p" + next));
        parallelism.put(group, next);
        return savepoint;
    }

    int parallelismOf(String group) {
        return parallelism.get(group);
    }

    /**
     * Stop-with-savepoint needs every task running: a job that is restarting after another fault
     * refuses it, or aborts it when the restart begins while the savepoint is under way (its
     * checkpoint coordinator suspends). Either way the job goes on running, and the stop is asked
     * again until the deadline.
     */
    private String stopWithSavepoint(JobClient job) throws Exception {
        long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
        while (true) {
            try {
                return job.stopWithSavepoint(
                                false, savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                        .get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!causedByFailover(e) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }

    /** By message, not type: a cause that crossed the RPC boundary is a serialized throwable. */
    static boolean causedByFailover(Throwable failure) {
        for (CheckpointFailureReason reason : FAILOVER_REASONS) {
            if (ExceptionUtils.findThrowableWithMessage(failure, reason.message()).isPresent()) {
                return true;
            }
        }
        return false;
    }
}
