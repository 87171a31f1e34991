/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.apache.fluss.annotation.Internal;

import java.util.function.LongSupplier;

/**
 * Why a companion row past the expected offset stopped a bucket's merge (a {@link
 * BucketStitcher.Skip}), and so what the reader does about it.
 */
@Internal
enum SkipCause {

    /**
     * The companion's own retention removed the rows: the row is its first stored one. Those base
     * rows are left out of projections of the group.
     */
    COMPANION_RETENTION,

    /**
     * The companion was read from an estimated position that overshot: it is read again from its
     * first row.
     */
    ESTIMATE_OVERSHOT,

    /**
     * The base's retention removed the rows before the group enriched them: the writer moved past
     * them, and so does the reader.
     */
    BASE_RETENTION,

    /**
     * A hole a failed append left (rows after it landed, the missing offset did not): the reader
     * waits for the enrichment job to write it again.
     */
    HOLE;

    /**
     * Classifies a skip, checking the causes in the order above.
     *
     * @param companionLogStart the first log offset the companion still stores in the bucket
     * @param fromEstimate whether the companion was read from an estimated position that no matched
     *     row has confirmed yet
     * @param baseLogStart the base's log start in the bucket, asked only if the first two causes do
     *     not apply
     */
    static SkipCause of(
            BucketStitcher.Skip skip,
            long companionLogStart,
            boolean fromEstimate,
            LongSupplier baseLogStart) {
        if (skip.logOffset() <= companionLogStart) {
            return COMPANION_RETENTION;
        }
        if (fromEstimate) {
            return ESTIMATE_OVERSHOT;
        }
        if (skip.source() <= baseLogStart.getAsLong()) {
            return BASE_RETENTION;
        }
        return HOLE;
    }
}
