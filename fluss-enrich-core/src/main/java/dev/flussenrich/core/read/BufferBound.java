/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.apache.fluss.annotation.PublicEvolving;

import java.io.Serializable;

/**
 * How much one {@link StitchedScanner} holds back at most, over all its buckets, while rows wait
 * for their match (base rows for a group's rows, or the other way round): a number of rows and an
 * estimate of their heap in bytes, whichever is reached first.
 *
 * <p>Each table read gets an equal part of both, shared by the buckets that hold its rows right now
 * ({@code BufferShares}); a bucket over its share fetches no more from that table until half of it
 * is drained. Bytes are what bounds a wide table (a held row takes several times its log size on
 * the heap); rows bound a narrow one.
 *
 * <p>The bound can be passed: a bucket takes a poll's rows whole, and rows held stay until their
 * match comes while shares shrink only as more buckets hold rows, so buckets that got their rows
 * one after another (a backlog read stitches about one bucket at a time, since Fluss's scanner
 * hands out one bucket's fetch before the next) may together hold more than a table's part. Capping
 * a table's part over its buckets held it there and cost reads of many buckets their speed
 * (performance.md, stop 55).
 *
 * @param maxRows rows held back at most
 * @param maxBytes estimated heap of the rows held back at most
 */
@PublicEvolving
public record BufferBound(int maxRows, long maxBytes) implements Serializable {

    /** Rows one scanner holds back at most by default. */
    public static final int DEFAULT_MAX_ROWS = 100_000;

    /**
     * Heap one scanner holds back at most by default: about what Fluss's own reader holds in its
     * fetch buffer (16 MB of log bytes per fetch, of rows not yet turned into objects). 32 MB until
     * the shares went to the buckets holding rows: then one bucket could fill it, and the live heap
     * of a read of 16 buckets went over reading a copy (performance.md).
     */
    public static final long DEFAULT_MAX_BYTES = 16L << 20;

    public static final BufferBound DEFAULT = new BufferBound(DEFAULT_MAX_ROWS, DEFAULT_MAX_BYTES);

    public BufferBound {
        if (maxRows < 1) {
            throw new IllegalArgumentException(
                    "The buffer bound must be at least 1 row, got " + maxRows + ".");
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException(
                    "The buffer bound must be at least 1 byte, got " + maxBytes + ".");
        }
    }

    /** This bound with {@code rows} instead. */
    public BufferBound withMaxRows(int rows) {
        return new BufferBound(rows, maxBytes);
    }

    /** This bound with {@code bytes} instead. */
    public BufferBound withMaxBytes(long bytes) {
        return new BufferBound(maxRows, bytes);
    }

    /**
     * Rows of one table one bucket may hold: its share of both bounds, {@code shares} being the
     * buckets holding the table's rows times the tables read; at least 1.
     */
    int shareInRows(long shares, long bytesPerRow) {
        long divisor = Math.max(1, shares);
        long byRows = maxRows / divisor;
        long byBytes = maxBytes / divisor / Math.max(1, bytesPerRow);
        return (int) Math.max(1, Math.min(byRows, byBytes));
    }
}
