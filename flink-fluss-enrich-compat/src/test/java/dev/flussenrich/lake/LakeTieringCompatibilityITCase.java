/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

/** {@link LakeTieringITCase} on this module's Flink version: enriched tiering to Paimon. */
class LakeTieringCompatibilityITCase extends LakeTieringITCase {}
