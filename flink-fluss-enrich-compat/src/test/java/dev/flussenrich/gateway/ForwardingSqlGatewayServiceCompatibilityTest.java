/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

/**
 * {@link ForwardingSqlGatewayServiceTest} on this module's Flink version, with the adapter of its
 * Flink line: every method of its gateway service, including Flink 2.x's {@code deployScript}.
 */
class ForwardingSqlGatewayServiceCompatibilityTest extends ForwardingSqlGatewayServiceTest {}
