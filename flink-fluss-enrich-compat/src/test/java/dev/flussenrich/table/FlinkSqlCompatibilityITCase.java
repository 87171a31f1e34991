/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.testutils.compat.OnTheModulesFlink;

import org.junit.jupiter.api.extension.ExtendWith;

/** {@link FlinkSqlITCase} on this module's Flink version: the catalog, the explicit enrichment INSERT and stitched reads. */
@ExtendWith(OnTheModulesFlink.class)
class FlinkSqlCompatibilityITCase extends FlinkSqlITCase {}
