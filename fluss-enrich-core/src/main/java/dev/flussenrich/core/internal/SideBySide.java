/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs calls that mostly wait on Fluss (table loads, offset lookups) side by side, one thread each,
 * so that their waits overlap instead of adding up. A single call runs on the caller's thread.
 */
@Internal
public final class SideBySide {

    private SideBySide() {}

    /**
     * The results of {@code calls}, in their order. Returns only once every call has ended; if any
     * failed, throws the first failure in call order (a runtime exception unwrapped).
     *
     * @param what names the threads, e.g. {@code "open-groups"}
     */
    public static <T> List<T> run(String what, List<Supplier<T>> calls) {
        if (calls.size() == 1) {
            return List.of(calls.get(0).get());
        }
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool =
                Executors.newFixedThreadPool(
                        calls.size(),
                        call -> {
                            Thread thread =
                                    new Thread(
                                            call,
                                            "fluss-enrich-"
                                                    + what
                                                    + "-"
                                                    + threads.incrementAndGet());
                            thread.setDaemon(true);
                            return thread;
                        });
        try {
            List<Future<T>> running = new ArrayList<>(calls.size());
            calls.forEach(call -> running.add(pool.submit(call::get)));
            List<T> results = new ArrayList<>(calls.size());
            RuntimeException failure = null;
            for (Future<T> call : running) {
                try {
                    results.add(call.get());
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = unwrapped(what, e.getCause());
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for " + what, e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static RuntimeException unwrapped(String what, Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(what + " failed: " + cause, cause);
    }
}
