/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.metadata.TablePath;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The write contract's errors name the table, group, bucket and offsets, and what to do. */
class EnrichmentContractExceptionTest {

    private static final TablePath PATH = TablePath.of("db", "t");

    @Test
    void aGapNamesTheOffsetsWithoutEnrichment() {
        assertThat(
                        EnrichmentContractException.gap(
                                        PATH, "geo", EnrichedBucket.of("2024-05-01", 2), 10, 13)
                                .getMessage())
                .isEqualTo(
                        "Gap in the enrichment of table 'db.t', group 'geo', partition"
                                + " '2024-05-01' bucket 2: expected source offset 10 but received"
                                + " 13, so offsets 10..12 would have no enrichment. Likely causes:"
                                + " the job filters base rows or reorders them within a bucket"
                                + " (e.g. an unordered async stage). Enrich every base row in"
                                + " offset order, or set 'enrichment.gap-policy' = 'fill-null' to"
                                + " write NULL enrichment for skipped offsets.");
    }

    @Test
    void anOffsetAheadOfTheBaseNamesTheBasesHighWatermark() {
        assertThat(
                        EnrichmentContractException.aheadOfBase(
                                        PATH, "geo", EnrichedBucket.of(0), 7, 5)
                                .getMessage())
                .isEqualTo(
                        "Cannot enrich offset 7 of table 'db.t', group 'geo', bucket 0: the base"
                                + " table's high watermark is 5, and enrichment cannot run ahead"
                                + " of the base. Enrich only rows read from the base.");
    }
}
