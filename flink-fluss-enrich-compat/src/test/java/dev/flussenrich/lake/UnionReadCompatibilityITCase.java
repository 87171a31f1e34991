/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

/** {@link UnionReadITCase} on this module's Flink version: the union read of lake and log. */
class UnionReadCompatibilityITCase extends UnionReadITCase {}
