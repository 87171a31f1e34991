/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ScalarFunction;

/**
 * {@code embed(c0)}: a 768-dim embedding of a row, the vector workload's enrichment. Pseudo-random
 * floats from the id (they compress as badly as real embeddings do), cheap to compute so that the
 * benchmark measures moving them, not making them. The same on both sides.
 */
public class Embedding extends ScalarFunction {

    static final int DIMENSIONS = 768;

    public @DataTypeHint("ARRAY<FLOAT>") Float[] eval(Long id) {
        Float[] vector = new Float[DIMENSIONS];
        long state = id * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < DIMENSIONS; i++) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            vector[i] = (state >>> 40) / (float) (1 << 24) - 0.5f;
        }
        return vector;
    }
}
