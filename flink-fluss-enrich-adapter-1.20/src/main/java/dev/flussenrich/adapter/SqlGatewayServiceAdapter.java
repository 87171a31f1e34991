/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.adapter;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.session.SessionHandle;

/**
 * A SQL Gateway service that plans statements before the one it wraps runs them, on Flink 1.20: the
 * methods of the service that only some Flink lines have. Flink 1.20's service has none of them: it
 * has no {@code deployScript} (application-mode scripts, from Flink 2.0), which the 2.x adapter of
 * the same name plans with {@link #planScript} before deploying. The methods every line has are
 * forwarded to {@link #delegate()} by {@code dev.flussenrich.gateway.ForwardingSqlGatewayService}
 * (flink-fluss-enrich-sql), which extends this class.
 */
@Internal
public abstract class SqlGatewayServiceAdapter implements SqlGatewayService {

    /** The service that runs what was planned. */
    protected abstract SqlGatewayService delegate();

    /** Each statement of an inline script, planned against the session's catalogs. */
    protected abstract String planScript(SessionHandle session, String script);
}
