/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

/** {@link FlinkSqlITCase} on this module's Flink version: the catalog, the explicit enrichment INSERT and stitched reads. */
class FlinkSqlCompatibilityITCase extends FlinkSqlITCase {}
