/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.apache.fluss.annotation.Internal;

import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;

/**
 * Where a companion bucket is read from: near the log position of the next base offset the reader
 * expects, estimated from the source offsets of the bucket's first and last rows (O(1) extra rows
 * read, not the whole companion). Rows before it that are read anyway are skipped; a position past
 * it shows as a skip, and the companion is read again from its first row ({@link
 * SkipCause#ESTIMATE_OVERSHOT}). A read from base offset 0 starts at the first row without asking
 * anything: no companion row's source offset lies before 0.
 *
 * @param logOffset the companion log offset to read from
 * @param estimated whether it is an estimate past the first row, which may overshoot
 */
@Internal
record CompanionStart(long logOffset, boolean estimated) {

    /**
     * The read position for base offset {@code nextOffset} in a companion bucket holding log
     * offsets [{@code logStart}, {@code highWatermark}).
     *
     * @param highWatermark the companion bucket's high watermark; not asked for a read from base
     *     offset 0
     * @param sourceOffsetAt the source offset of the companion row at a log offset; asked for the
     *     first and the last row only, and only when the bucket holds rows
     */
    static CompanionStart estimate(
            long nextOffset,
            long logStart,
            LongSupplier highWatermark,
            LongUnaryOperator sourceOffsetAt) {
        if (!needsEstimate(nextOffset)) {
            return new CompanionStart(logStart, false);
        }
        return estimate(nextOffset, logStart, highWatermark.getAsLong(), sourceOffsetAt);
    }

    /**
     * Whether a read from base offset {@code nextOffset} needs the companion's high watermark and
     * its first and last rows' source offsets: not from offset 0, before which no row lies.
     */
    static boolean needsEstimate(long nextOffset) {
        return nextOffset > 0;
    }

    private static CompanionStart estimate(
            long nextOffset, long logStart, long highWatermark, LongUnaryOperator sourceOffsetAt) {
        if (highWatermark <= logStart) {
            return new CompanionStart(logStart, false);
        }
        long firstSource = sourceOffsetAt.applyAsLong(logStart);
        long lastSource = sourceOffsetAt.applyAsLong(highWatermark - 1);
        // Counted from the first row: exact unless offsets were skipped (expired base rows) before
        // the next one; counted back from the last row: exact unless duplicates follow it. The
        // smaller one; an overshoot shows as a skip and is read again.
        long fromStart = logStart + Math.max(0, nextOffset - firstSource);
        long fromEnd = highWatermark - Math.max(0, lastSource + 1 - nextOffset);
        long position = Math.max(logStart, Math.min(fromStart, fromEnd));
        return new CompanionStart(position, position > logStart);
    }
}
