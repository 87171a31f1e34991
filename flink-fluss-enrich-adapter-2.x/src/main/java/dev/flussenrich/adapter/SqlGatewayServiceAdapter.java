/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.adapter;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.net.URI;

/**
 * A SQL Gateway service that plans statements before the one it wraps runs them, on Flink 2.x: the
 * methods of the service that only some Flink lines have. Flink 2.x's service also deploys scripts
 * in application mode ({@code deployScript}, absent from Flink 1.20): an inline script is planned
 * statement by statement before it is deployed. The methods every line has are forwarded to {@link
 * #delegate()} by {@code dev.flussenrich.gateway.ForwardingSqlGatewayService}
 * (flink-fluss-enrich-sql), which extends this class.
 */
@Internal
public abstract class SqlGatewayServiceAdapter implements SqlGatewayService {

    private static final Logger LOG = LoggerFactory.getLogger(SqlGatewayServiceAdapter.class);

    /** The service that runs what was planned. */
    protected abstract SqlGatewayService delegate();

    /** Each statement of an inline script, planned against the session's catalogs. */
    protected abstract String planScript(SessionHandle session, String script);

    @Override
    public <ClusterID> ClusterID deployScript(
            SessionHandle session,
            @Nullable URI scriptUri,
            @Nullable String script,
            Configuration executionConfig) {
        if (script == null) {
            LOG.warn(
                    "Session {} deploys script {} unplanned: only an inline script is planned.",
                    session,
                    scriptUri);
            return delegate().deployScript(session, scriptUri, null, executionConfig);
        }
        return delegate()
                .deployScript(session, scriptUri, planScript(session, script), executionConfig);
    }
}
