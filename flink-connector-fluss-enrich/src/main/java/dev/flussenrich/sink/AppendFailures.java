/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.operators.MailboxExecutor;

import java.util.concurrent.RejectedExecutionException;

/**
 * Fails a sink writer's task as soon as an asynchronous append fails. Without it the failure would
 * wait for the next row or checkpoint, which may never come: an idle input with checkpointing off.
 */
@Internal
final class AppendFailures {

    private AppendFailures() {}

    /**
     * Called on Fluss's sender thread: runs {@code rethrow} on the task thread, where the exception
     * it throws fails the task.
     */
    static void surface(MailboxExecutor taskThread, Runnable rethrow) {
        try {
            taskThread.execute(rethrow::run, "rethrow an append failure");
        } catch (RejectedExecutionException closing) {
            // The task is closing: its flush or close throws the failure.
        }
    }
}
