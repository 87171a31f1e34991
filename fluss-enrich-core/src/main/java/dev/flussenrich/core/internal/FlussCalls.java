/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.exception.PartitionNotExistException;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Waits for Fluss client futures and rethrows their cause unwrapped; pauses between polls of Fluss
 * state (used across packages).
 */
@Internal
public final class FlussCalls {

    private FlussCalls() {}

    public static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for Fluss", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        }
    }

    /** Sleeps between two polls; an interrupt ends the wait for {@code what} with an exception. */
    public static void pause(long millis, String what) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for " + what, e);
        }
    }

    /**
     * Whether a failure says a partition does not exist (dropped by a user, or expired by
     * auto-partitioning): for a bucket of such a partition, "gone", not an error.
     */
    public static boolean isPartitionGone(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof PartitionNotExistException) {
                return true;
            }
        }
        return false;
    }
}
