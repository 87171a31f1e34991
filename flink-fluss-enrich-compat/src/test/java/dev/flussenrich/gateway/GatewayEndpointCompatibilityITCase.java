/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

/** {@link GatewayEndpointITCase} on this module's Flink version: the SQL Gateway endpoint, including the scripts Flink 2.x deploys. */
class GatewayEndpointCompatibilityITCase extends GatewayEndpointITCase {}
