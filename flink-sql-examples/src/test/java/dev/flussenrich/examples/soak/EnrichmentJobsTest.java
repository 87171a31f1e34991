/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import org.apache.flink.runtime.checkpoint.CheckpointException;
import org.apache.flink.runtime.checkpoint.CheckpointFailureReason;
import org.apache.flink.util.SerializedThrowable;

import org.junit.jupiter.api.Test;

import java.util.concurrent.ExecutionException;

import static org.assertj.core.api.Assertions.assertThat;

/** Which failed savepoints the soak asks again: those of a job that is failing over. */
class EnrichmentJobsTest {

    @Test
    void aSavepointAbortedBecauseTheJobBeganToRestartIsAskedAgain() {
        // The fault of CI run on 62c3649: the coordinator suspended during the savepoint.
        assertThat(
                        EnrichmentJobs.causedByFailover(
                                failed(CheckpointFailureReason.CHECKPOINT_COORDINATOR_SUSPEND)))
                .isTrue();
        assertThat(
                        EnrichmentJobs.causedByFailover(
                                failed(CheckpointFailureReason.NOT_ALL_REQUIRED_TASKS_RUNNING)))
                .isTrue();
    }

    @Test
    void aCauseThatCrossedTheRpcBoundaryIsRecognisedByItsMessage() {
        Throwable serialized =
                new SerializedThrowable(
                        new CheckpointException(CheckpointFailureReason.JOB_FAILOVER_REGION));
        assertThat(EnrichmentJobs.causedByFailover(new ExecutionException(serialized))).isTrue();
    }

    @Test
    void aSavepointThatFailedForAnyOtherReasonIsAFinding() {
        assertThat(EnrichmentJobs.causedByFailover(failed(CheckpointFailureReason.IO_EXCEPTION)))
                .isFalse();
        assertThat(
                        EnrichmentJobs.causedByFailover(
                                failed(CheckpointFailureReason.CHECKPOINT_EXPIRED)))
                .isFalse();
    }

    private static ExecutionException failed(CheckpointFailureReason reason) {
        return new ExecutionException(new CheckpointException(reason));
    }
}
