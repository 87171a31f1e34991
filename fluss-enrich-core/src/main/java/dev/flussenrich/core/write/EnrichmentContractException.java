/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import org.apache.fluss.annotation.PublicEvolving;

/**
 * A write or read that would break the enrichment contract: a gap in the source offsets, an offset
 * the base has not reached, or a companion log that skips an offset.
 */
@PublicEvolving
public class EnrichmentContractException extends RuntimeException {

    public EnrichmentContractException(String message) {
        super(message);
    }
}
