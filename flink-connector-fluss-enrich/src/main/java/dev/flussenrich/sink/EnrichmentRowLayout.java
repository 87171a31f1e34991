/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;

/**
 * Where the identity and the group values sit in the rows an enrichment sink consumes.
 *
 * @param partitionPosition position of the partition name, or -1 if not partitioned
 * @param bucketPosition position of the bucket
 * @param offsetPosition position of the base offset
 * @param valuePositions positions of the group columns, in group order
 */
@Internal
public record EnrichmentRowLayout(
        int partitionPosition, int bucketPosition, int offsetPosition, int[] valuePositions)
        implements Serializable {}
