/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.metadata.TablePath;

/**
 * Base retention removed rows before a group enriched them. Retrying cannot help (the rows are
 * gone), so the Flink sink fails the job without restarts; the gap policy {@link
 * GapPolicy#SKIP_EXPIRED} (or {@link GapPolicy#FILL_NULL}) moves past such rows instead.
 */
@PublicEvolving
public final class ExpiredBeforeEnrichmentException extends EnrichmentContractException {

    public ExpiredBeforeEnrichmentException(
            TablePath table, String group, EnrichedBucket bucket, long from, long to) {
        super(
                String.format(
                        "Base rows %d..%d of table '%s', %s expired (base retention,"
                                + " 'table.log.ttl') before group '%s' enriched them: they can no"
                                + " longer be read or enriched. To continue, set"
                                + " 'enrichment.gap-policy' = 'skip-expired' (or 'fill-null'):"
                                + " the job then moves past them, and readers of the group move"
                                + " on. To avoid it, enrich faster or keep base rows longer.",
                        from, to - 1, table, bucket, group));
    }
}
