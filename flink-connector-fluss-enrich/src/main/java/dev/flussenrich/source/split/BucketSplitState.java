/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.split;

import org.apache.flink.annotation.Internal;

/** The mutable read position of a {@link BucketSplit}: the next base offset to emit. */
@Internal
public final class BucketSplitState {

    private final BucketSplit split;
    private long nextOffset;

    public BucketSplitState(BucketSplit split) {
        this.split = split;
        this.nextOffset = split.startingOffset();
    }

    public void emitted(long offset) {
        nextOffset = offset + 1;
    }

    public BucketSplit toSplit() {
        return split.withStartingOffset(nextOffset);
    }
}
