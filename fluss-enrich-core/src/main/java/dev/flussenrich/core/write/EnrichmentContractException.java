/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.metadata.TablePath;

/**
 * A write or read that would break the enrichment contract: a gap in the source offsets, an offset
 * the base has not reached, or a companion log that skips an offset.
 */
@PublicEvolving
public class EnrichmentContractException extends RuntimeException {

    public EnrichmentContractException(String message) {
        super(message);
    }

    /** A group's rows skip source offsets [{@code expected}, {@code received}) of a bucket. */
    static EnrichmentContractException gap(
            TablePath table, String group, EnrichedBucket bucket, long expected, long received) {
        return new EnrichmentContractException(
                String.format(
                        "Gap in the enrichment of table '%s', group '%s', %s: expected source "
                                + "offset %d but received %d, so offsets %d..%d would have no "
                                + "enrichment. Likely causes: the job filters base rows or "
                                + "reorders them within a bucket (e.g. an unordered async "
                                + "stage). Enrich every base row in offset order, or set "
                                + "'enrichment.gap-policy' = 'fill-null' to write NULL "
                                + "enrichment for skipped offsets.",
                        table, group, bucket, expected, received, expected, received - 1));
    }

    /** A group's row for a source offset at or past the base's high watermark. */
    static EnrichmentContractException aheadOfBase(
            TablePath table,
            String group,
            EnrichedBucket bucket,
            long sourceOffset,
            long baseHighWatermark) {
        return new EnrichmentContractException(
                String.format(
                        "Cannot enrich offset %d of table '%s', group '%s', %s: the base "
                                + "table's high watermark is %d, and enrichment cannot run "
                                + "ahead of the base. Enrich only rows read from the base.",
                        sourceOffset, table, group, bucket, baseHighWatermark));
    }
}
