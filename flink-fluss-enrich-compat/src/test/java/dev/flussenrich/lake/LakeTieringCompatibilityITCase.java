/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.testutils.compat.OnTheModulesFlink;

import org.junit.jupiter.api.extension.ExtendWith;

/** {@link LakeTieringITCase} on this module's Flink version: enriched tiering to Paimon. */
@ExtendWith(OnTheModulesFlink.class)
class LakeTieringCompatibilityITCase extends LakeTieringITCase {}
