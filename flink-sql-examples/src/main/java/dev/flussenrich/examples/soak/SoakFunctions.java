/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import org.apache.flink.table.functions.ScalarFunction;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The enrichment functions of the soak's concise INSERTs. Each can fail its task once on request
 * ({@link #failNextCall}): the jobs run in this JVM, so a static switch reaches their tasks.
 */
public final class SoakFunctions {

    /** The target of {@link #failNextCall} that fails a task of the gated read. */
    static final String READER = "reader";

    private static final Map<String, AtomicInteger> PENDING_FAILURES = new ConcurrentHashMap<>();

    private SoakFunctions() {}

    /** The next call of the group's (or the reader's) function throws, failing its task. */
    static void failNextCall(String group) {
        PENDING_FAILURES.computeIfAbsent(group, g -> new AtomicInteger()).incrementAndGet();
    }

    /** Whether a requested failure has not happened yet (the job processed no row since). */
    static boolean failurePending(String group) {
        AtomicInteger pending = PENDING_FAILURES.get(group);
        return pending != null && pending.get() > 0;
    }

    private static void failIfRequested(String group) {
        AtomicInteger pending = PENDING_FAILURES.get(group);
        if (pending != null && pending.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new IllegalStateException("Soak fault: a task of '" + group + "' fails");
        }
    }

    /** {@code soak_city(id)} of group geo. */
    public static class City extends ScalarFunction {
        public String eval(Long id) {
            failIfRequested("geo");
            return SoakTable.city(id);
        }
    }

    /** {@code soak_score(id)} of group risk. */
    public static class Score extends ScalarFunction {
        public Integer eval(Long id) {
            failIfRequested("risk");
            return SoakTable.score(id);
        }
    }

    /** {@code soak_read_id(id)} of the gated read: the id, or a failure of the reader's task. */
    public static class ReadId extends ScalarFunction {
        public Long eval(Long id) {
            failIfRequested(READER);
            return id;
        }
    }

    /** {@code soak_label(id)} of group risk. */
    public static class Label extends ScalarFunction {
        public String eval(Long id) {
            return SoakTable.label(id);
        }
    }
}
