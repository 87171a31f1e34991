/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich;

/** {@link DataStreamITCase} on this module's Flink version: a DataStream enrichment job and its task failover, exactly once. */
class DataStreamCompatibilityITCase extends DataStreamITCase {}
