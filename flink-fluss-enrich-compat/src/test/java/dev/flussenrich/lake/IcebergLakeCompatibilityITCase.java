/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

/**
 * {@link IcebergLakeITCase} on this module's Flink version: tiering to Iceberg, its own reader, the
 * union read and {@code t$lake}.
 */
class IcebergLakeCompatibilityITCase extends IcebergLakeITCase {}
