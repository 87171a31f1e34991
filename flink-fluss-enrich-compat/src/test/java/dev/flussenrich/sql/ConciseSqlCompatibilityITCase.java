/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

/** {@link ConciseSqlITCase} on this module's Flink version: the concise enrichment INSERT, its rewrite and its planning errors. */
class ConciseSqlCompatibilityITCase extends ConciseSqlITCase {}
