/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpoint;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpointFactoryUtils;
import org.apache.flink.table.gateway.rest.SqlGatewayRestEndpointFactory;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestOptions;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SQL Gateway endpoint selected with {@code sql-gateway.endpoint.type: fluss-enrich}: Flink's
 * REST endpoint (same API, same options under {@code sql-gateway.endpoint.fluss-enrich.*}) whose
 * statements pass through the enrichment statement planner before the gateway runs them.
 *
 * <p>Without an address of its own it takes the {@code rest} endpoint's address and ports ({@code
 * sql-gateway.endpoint.rest.*}): Flink's SQL Client in embedded mode sets only those, and then
 * connects to them, so one line of Flink configuration puts this endpoint under {@code
 * sql-client.sh}.
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
                new EnrichingSqlGatewayService(
                        context.getSqlGatewayService(), context.getFlinkConfiguration());
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
                        return withRestEndpointAddress(
                                context.getEndpointOptions(), context.getFlinkConfiguration());
                    }
                });
    }

    /** The endpoint's options; without an address, the rest endpoint's address and ports. */
    static Map<String, String> withRestEndpointAddress(
            Map<String, String> options, ReadableConfig flinkConfiguration) {
        if (options.containsKey(SqlGatewayRestOptions.ADDRESS.key())) {
            return options;
        }
        Map<String, String> rest =
                SqlGatewayEndpointFactoryUtils.getEndpointConfig(
                        Configuration.fromMap(flinkConfiguration.toMap()),
                        SqlGatewayRestEndpointFactory.IDENTIFIER);
        Map<String, String> merged = new HashMap<>(options);
        for (ConfigOption<?> option :
                List.of(
                        SqlGatewayRestOptions.ADDRESS,
                        SqlGatewayRestOptions.PORT,
                        SqlGatewayRestOptions.BIND_ADDRESS,
                        SqlGatewayRestOptions.BIND_PORT)) {
            String value = rest.get(option.key());
            if (value != null) {
                merged.put(option.key(), value);
            }
        }
        return merged;
    }
}
