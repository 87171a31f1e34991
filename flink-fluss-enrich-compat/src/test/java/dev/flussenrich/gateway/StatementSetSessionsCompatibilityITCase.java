/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

/** {@link StatementSetSessionsITCase} on this module's Flink version: a statement set's state goes with an idle session. */
class StatementSetSessionsCompatibilityITCase extends StatementSetSessionsITCase {}
