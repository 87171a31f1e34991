/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import dev.flussenrich.testutils.compat.OnTheModulesFlink;

import org.junit.jupiter.api.extension.ExtendWith;

/** {@link GatewayEndpointITCase} on this module's Flink version: the SQL Gateway endpoint, including the scripts Flink 2.x deploys. */
@ExtendWith(OnTheModulesFlink.class)
class GatewayEndpointCompatibilityITCase extends GatewayEndpointITCase {}
