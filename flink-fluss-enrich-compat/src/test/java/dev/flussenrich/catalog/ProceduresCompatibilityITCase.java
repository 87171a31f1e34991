/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

/** {@link ProceduresITCase} on this module's Flink version: the catalog's procedures. */
class ProceduresCompatibilityITCase extends ProceduresITCase {}
