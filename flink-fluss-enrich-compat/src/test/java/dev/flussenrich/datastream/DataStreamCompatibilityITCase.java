/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.datastream;

import dev.flussenrich.testutils.compat.OnTheModulesFlink;

import org.junit.jupiter.api.extension.ExtendWith;

/** {@link DataStreamITCase} on this module's Flink version: a DataStream enrichment job and its task failover, exactly once. */
@ExtendWith(OnTheModulesFlink.class)
class DataStreamCompatibilityITCase extends DataStreamITCase {}
