/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import org.apache.fluss.annotation.PublicEvolving;

/**
 * Where a group stands in one bucket, as its data shows.
 *
 * @param enrichedUpTo the first source offset the companion bucket leaves unwritten (its highest +
 *     1, or the start of a hole a failed append left; the base's log start when the companion
 *     bucket holds no row)
 * @param baseLogStart the base bucket's first stored offset (retention moves it forward)
 */
@PublicEvolving
public record BucketProgress(long enrichedUpTo, long baseLogStart) {

    /** A group that has enriched nothing of the bucket's stored rows. */
    static BucketProgress nothingEnriched(long baseLogStart) {
        return new BucketProgress(baseLogStart, baseLogStart);
    }

    /**
     * The enrichment watermark: the next base offset the group expects. Never below the base's log
     * start: offsets retention removed cannot be enriched any more.
     */
    public long watermark() {
        return Math.max(enrichedUpTo, baseLogStart);
    }

    /**
     * Whether base rows expired before this group enriched them: offsets [enrichedUpTo,
     * baseLogStart).
     */
    public boolean expiredBeforeEnrichment() {
        return enrichedUpTo < baseLogStart;
    }
}
