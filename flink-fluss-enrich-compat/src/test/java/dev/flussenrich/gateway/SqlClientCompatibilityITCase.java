/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

/** {@link SqlClientITCase} on this module's Flink version: Flink's own SQL Client in embedded mode with the fluss-enrich endpoint. */
class SqlClientCompatibilityITCase extends SqlClientITCase {}
