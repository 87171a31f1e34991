/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.testutils.compat.OnTheModulesFlink;

import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ConciseSqlITCase} on this module's Flink version: the concise enrichment INSERT, its rewrite and its planning errors. */
@ExtendWith(OnTheModulesFlink.class)
class ConciseSqlCompatibilityITCase extends ConciseSqlITCase {}
