/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.apache.flink.table.functions.ScalarFunction;

import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code WHERE tick(c0)}: counts the rows a streaming read has produced (always true), so that the
 * benchmark can stop an unbounded read once it has seen every row. The same on both sides.
 */
public class RowCounter extends ScalarFunction {

    private static final AtomicLong ROWS = new AtomicLong();

    public boolean eval(Long ignored) {
        ROWS.incrementAndGet();
        return true;
    }

    static void reset() {
        ROWS.set(0);
    }

    static Progress.Counter counter() {
        return ROWS::get;
    }
}
