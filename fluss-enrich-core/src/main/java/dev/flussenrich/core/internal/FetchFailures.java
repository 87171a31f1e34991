/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.exception.FetchException;

/**
 * What a failed log fetch means, where Fluss 0.9.1 says it only in words.
 *
 * <p>When a scanner's position lies below a bucket's log start (retention removed the rows), Fluss
 * 0.9.1's {@code LogFetchCollector} throws {@code new FetchException(String.format("The fetching
 * offset %s is out of range: %s", ...))}: no cause, no error code, every later poll the same. The
 * message is all there is to match.
 */
@Internal
public final class FetchFailures {

    private FetchFailures() {}

    /** Whether a fetch failed because its position is no longer stored (below the log start). */
    public static boolean isOutOfRange(FetchException failure) {
        return String.valueOf(failure.getMessage()).contains("out of range");
    }
}
