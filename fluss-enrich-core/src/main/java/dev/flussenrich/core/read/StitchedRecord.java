/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.row.InternalRow;

/**
 * One row of a logical table with its identity: the base's bucket, offset and commit timestamp, and
 * the projected columns (base and group columns stitched together).
 */
@PublicEvolving
public record StitchedRecord(EnrichedBucket bucket, long offset, long timestamp, InternalRow row) {}
