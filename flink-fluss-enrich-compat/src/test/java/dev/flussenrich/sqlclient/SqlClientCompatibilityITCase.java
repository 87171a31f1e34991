/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sqlclient;

import dev.flussenrich.testutils.compat.OnTheModulesFlink;

import org.junit.jupiter.api.extension.ExtendWith;

/** {@link SqlClientITCase} on this module's Flink version: Flink's own SQL Client in embedded mode with the fluss-enrich endpoint. */
@ExtendWith(OnTheModulesFlink.class)
class SqlClientCompatibilityITCase extends SqlClientITCase {}
