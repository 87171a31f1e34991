/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.exception.PartitionNotExistException;
import org.apache.fluss.exception.RetriableException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Waits for Fluss client futures and rethrows their cause unwrapped; pauses between polls of Fluss
 * state (used across packages).
 */
@Internal
public final class FlussCalls {

    private static final Logger LOG = LoggerFactory.getLogger(FlussCalls.class);

    private FlussCalls() {}

    public static <T> T await(CompletableFuture<T> future) {
        return await(future, null, null);
    }

    /**
     * Waits at most {@code timeout} for a Fluss future; past it, throws Fluss's (retriable) {@code
     * TimeoutException} naming {@code what}, so that a retry loop asks again.
     */
    public static <T> T await(CompletableFuture<T> future, Duration timeout, String what) {
        try {
            return timeout == null
                    ? future.get()
                    : future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn("No answer within {} to {}; asking again.", timeout, what);
            throw new org.apache.fluss.exception.TimeoutException(
                    String.format("No answer within %s to %s.", timeout, what), e);
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

    /** How long a read-only Fluss request is retried while the cluster fails over. */
    private static final Duration RETRY_WAIT = Duration.ofSeconds(60);

    /**
     * How long one attempt of a read-only request is waited for. Fluss 0.9.1 leaves some futures of
     * a request to a tablet server that dies under it uncompleted (apache/fluss#3027 for offset
     * lookups; the chaos soak found a partition listing of a reader waiting for ever, so its source
     * never read its new splits): past this, the request is sent again.
     */
    public static final Duration ATTEMPT_WAIT = Duration.ofSeconds(10);

    /**
     * Waits for a read-only Fluss request, sending it again while it fails with a retriable error
     * or gets no answer within 10 s. Fluss's admin sends metadata requests to any tablet server it
     * knows; right after one dies, they fail with a network error until the client learns of it.
     */
    public static <T> T awaitRetrying(Supplier<CompletableFuture<T>> request) {
        return awaitRetrying(request, ATTEMPT_WAIT);
    }

    static <T> T awaitRetrying(Supplier<CompletableFuture<T>> request, Duration attemptWait) {
        return retrying(() -> await(request.get(), attemptWait, "a read-only Fluss request"));
    }

    /**
     * Sends {@code request} now and returns it for {@link #awaitRetrying(Supplier)}: the first
     * attempt waits for the request already on its way, a retry sends it again. Lets a caller send
     * several requests before it waits for any.
     */
    public static <T> Supplier<CompletableFuture<T>> sentNow(
            Supplier<CompletableFuture<T>> request) {
        AtomicReference<CompletableFuture<T>> sent = new AtomicReference<>(request.get());
        return () -> {
            CompletableFuture<T> first = sent.getAndSet(null);
            return first != null ? first : request.get();
        };
    }

    /** Runs a read-only Fluss call, again while it fails with a retriable error (see above). */
    public static <T> T retrying(Supplier<T> call) {
        long deadline = System.nanoTime() + RETRY_WAIT.toNanos();
        while (true) {
            try {
                return call.get();
            } catch (RuntimeException e) {
                if (!isRetriable(e) || System.nanoTime() > deadline) {
                    throw e;
                }
                pause(100, "a Fluss tablet server");
            }
        }
    }

    private static boolean isRetriable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof RetriableException) {
                return true;
            }
        }
        return false;
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

    /**
     * Runs a call about one partition of a table: empty when it fails because the partition does
     * not exist ({@link #isPartitionGone}). For a table that is not partitioned ({@code
     * partitionName} null), every failure is rethrown.
     */
    public static <T> Optional<T> unlessPartitionGone(
            @Nullable String partitionName, Supplier<T> call) {
        try {
            return Optional.of(call.get());
        } catch (RuntimeException e) {
            if (partitionName != null && isPartitionGone(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /**
     * Closes a Fluss connection (or anything that closes like one) within about twice {@code
     * timeout}. Fluss 0.9.1's {@code Connection.close()} waits without limit for batches it cannot
     * send (no leader, a dropped partition); interrupting it makes Fluss's writer close by force. A
     * close that still does not return is left behind, logged.
     */
    public static void closeWithin(AutoCloseable resource, Duration timeout, String what) {
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread closer =
                new Thread(
                        () -> {
                            try {
                                resource.close();
                            } catch (Exception e) {
                                failure.set(e);
                            }
                        },
                        "fluss-enrich-close-" + what);
        closer.setDaemon(true);
        closer.start();
        try {
            closer.join(timeout.toMillis());
            if (closer.isAlive()) {
                LOG.warn("Closing {} takes longer than {}: interrupting it.", what, timeout);
                closer.interrupt();
                closer.join(timeout.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closer.interrupt();
        }
        if (closer.isAlive()) {
            LOG.warn("Gave up closing {}; its unsent rows are lost to this attempt.", what);
        } else if (failure.get() != null) {
            LOG.warn("Closing {} failed.", what, failure.get());
        }
    }
}
