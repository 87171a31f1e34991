/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import org.apache.fluss.annotation.Internal;

import java.util.Map;
import java.util.TreeMap;

/**
 * The source offsets a group's companion bucket holds a row for: every offset below {@link
 * #completeBelow()}, plus the runs above it that rows past a hole (a failed append whose successors
 * landed) wrote. Adding an offset twice changes nothing, so late duplicates, however many and
 * however late, never move anything: the first row written for an offset wins.
 */
@Internal
final class WrittenOffsets {

    private long completeBelow;

    /** Runs above {@link #completeBelow}: start (inclusive) to end (exclusive), disjoint. */
    private final TreeMap<Long, Long> runs = new TreeMap<>();

    WrittenOffsets(long completeBelow) {
        this.completeBelow = completeBelow;
    }

    long completeBelow() {
        return completeBelow;
    }

    /** Records that a row for {@code offset} exists. */
    void add(long offset) {
        if (offset < completeBelow) {
            return;
        }
        if (offset == completeBelow) {
            completeBelow++;
            absorbRunAtCompleteBelow();
            return;
        }
        Map.Entry<Long, Long> before = runs.floorEntry(offset);
        if (before != null && offset < before.getValue()) {
            return;
        }
        long start = offset;
        long end = offset + 1;
        if (before != null && before.getValue() == offset) {
            start = before.getKey();
        }
        Long after = runs.get(end);
        if (after != null) {
            runs.remove(end);
            end = after;
        }
        runs.put(start, end);
    }

    /**
     * The first offset the rows leave unwritten, counting offsets below {@code baseLogStart} that
     * rows after them skipped as written (retention removed them, and the writer moved past them).
     * Below {@code baseLogStart} only when the rows end there: base rows expired before the group
     * enriched them.
     */
    long enrichedUpTo(long baseLogStart) {
        long unwritten = completeBelow;
        for (Map.Entry<Long, Long> run : runs.entrySet()) {
            if (unwritten >= baseLogStart) {
                break; // a hole at or above the log start: rows past it exist
            }
            if (run.getKey() > baseLogStart) {
                return baseLogStart;
            }
            unwritten = run.getValue();
        }
        return unwritten;
    }

    /** Runs as text: {@code "5-9,12-13"}, each start inclusive and end exclusive. */
    String runsText() {
        StringBuilder text = new StringBuilder();
        runs.forEach(
                (start, end) -> {
                    if (text.length() > 0) {
                        text.append(',');
                    }
                    text.append(start).append('-').append(end);
                });
        return text.toString();
    }

    /** The inverse of {@link #completeBelow()} and {@link #runsText()}. */
    static WrittenOffsets of(long completeBelow, String runsText) {
        WrittenOffsets written = new WrittenOffsets(completeBelow);
        if (!runsText.isEmpty()) {
            for (String run : runsText.split(",")) {
                int dash = run.indexOf('-');
                long start = Long.parseLong(run.substring(0, dash));
                long end = Long.parseLong(run.substring(dash + 1));
                written.addRun(start, end);
            }
        }
        return written;
    }

    private void addRun(long start, long end) {
        if (end <= completeBelow) {
            return;
        }
        runs.put(Math.max(start, completeBelow), end);
        absorbRunAtCompleteBelow();
    }

    /** Folds the runs that start at or below {@link #completeBelow} into it. */
    private void absorbRunAtCompleteBelow() {
        Map.Entry<Long, Long> first = runs.firstEntry();
        while (first != null && first.getKey() <= completeBelow) {
            runs.pollFirstEntry();
            completeBelow = Math.max(completeBelow, first.getValue());
            first = runs.firstEntry();
        }
    }
}
