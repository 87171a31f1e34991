/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.flink.api.common.functions.MapFunction;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A task failure at a chosen row: passes rows on and throws once, at the armed count of rows that
 * all its subtasks have seen together (one JVM, one MiniCluster). Set as a job's map; arm before
 * the job starts.
 */
public final class FailOnce<T> implements MapFunction<T, T> {

    private static final AtomicInteger SEEN = new AtomicInteger();
    private static final AtomicBoolean FAILED = new AtomicBoolean();
    private static volatile int failAt = -1;

    /** Fails at the {@code row}-th row (from 1) the next job sees; -1 never fails. */
    public static void arm(int row) {
        SEEN.set(0);
        FAILED.set(false);
        failAt = row;
    }

    /** Whether the armed failure happened. */
    public static boolean failed() {
        return FAILED.get();
    }

    @Override
    public T map(T row) {
        if (SEEN.incrementAndGet() == failAt && FAILED.compareAndSet(false, true)) {
            throw new IllegalStateException("injected task failure at row " + failAt);
        }
        return row;
    }
}
