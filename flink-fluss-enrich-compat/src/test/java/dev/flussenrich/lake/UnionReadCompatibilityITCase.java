/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.testutils.compat.OnTheModulesFlink;

import org.junit.jupiter.api.extension.ExtendWith;

/** {@link UnionReadITCase} on this module's Flink version: the union read of lake and log. */
@ExtendWith(OnTheModulesFlink.class)
class UnionReadCompatibilityITCase extends UnionReadITCase {}
