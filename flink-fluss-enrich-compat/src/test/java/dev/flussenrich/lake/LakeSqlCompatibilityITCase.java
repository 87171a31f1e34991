/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

/** {@link LakeSqlITCase} on this module's Flink version: the lake declared, tiered, read by SQL. */
class LakeSqlCompatibilityITCase extends LakeSqlITCase {}
