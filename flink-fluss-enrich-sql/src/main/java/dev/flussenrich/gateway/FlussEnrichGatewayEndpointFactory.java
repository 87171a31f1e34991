/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpoint;
import org.apache.flink.table.gateway.rest.SqlGatewayRestEndpointFactory;

import java.util.Map;

/**
 * The SQL Gateway endpoint selected with {@code sql-gateway.endpoint.type: fluss-enrich}: Flink's
 * REST endpoint (same API, same options under {@code sql-gateway.endpoint.fluss-enrich.*}) whose
 * statements pass through the enrichment statement planner before the gateway runs them.
 */
@PublicEvolving
public class FlussEnrichGatewayEndpointFactory extends SqlGatewayRestEndpointFactory {

    public static final String IDENTIFIER = "fluss-enrich";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public SqlGatewayEndpoint createSqlGatewayEndpoint(Context context) {
        SqlGatewayService enriching =
                new EnrichingSqlGatewayService(context.getSqlGatewayService());
        return super.createSqlGatewayEndpoint(
                new Context() {
                    @Override
                    public SqlGatewayService getSqlGatewayService() {
                        return enriching;
                    }

                    @Override
                    public ReadableConfig getFlinkConfiguration() {
                        return context.getFlinkConfiguration();
                    }

                    @Override
                    public Map<String, String> getEndpointOptions() {
                        return context.getEndpointOptions();
                    }
                });
    }
}
