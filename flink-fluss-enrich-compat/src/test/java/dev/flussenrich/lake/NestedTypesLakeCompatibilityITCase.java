/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

/** {@link NestedTypesLakeITCase} on this module's Flink version: nested values through the lake. */
class NestedTypesLakeCompatibilityITCase extends NestedTypesLakeITCase {}
