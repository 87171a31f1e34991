/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

/** {@link LakeExactlyOnceITCase} on this module's Flink version: checkpoint settings refused, older savepoints restored exactly once. */
class LakeExactlyOnceCompatibilityITCase extends LakeExactlyOnceITCase {}
