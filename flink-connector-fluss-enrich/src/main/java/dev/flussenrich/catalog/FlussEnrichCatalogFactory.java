/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.table.FlussEnrichConnectorOptions;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.factories.CatalogFactory;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Creates the catalog for {@code CREATE CATALOG c WITH ('type' = 'fluss-enrich', ...)}. */
public final class FlussEnrichCatalogFactory implements CatalogFactory {

    public static final String IDENTIFIER = "fluss-enrich";

    public static final ConfigOption<String> DEFAULT_DATABASE =
            ConfigOptions.key("default-database")
                    .stringType()
                    .defaultValue("fluss")
                    .withDescription("The database that unqualified table names refer to.");

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(FlussEnrichConnectorOptions.BOOTSTRAP_SERVERS);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(DEFAULT_DATABASE);
    }

    @Override
    public Catalog createCatalog(Context context) {
        FactoryUtil.CatalogFactoryHelper helper =
                FactoryUtil.createCatalogFactoryHelper(this, context);
        helper.validateExcept(FlussEnrichConnectorOptions.CLIENT_PREFIX);
        Map<String, String> clientOptions =
                context.getOptions().entrySet().stream()
                        .filter(
                                e ->
                                        e.getKey()
                                                .startsWith(
                                                        FlussEnrichConnectorOptions.CLIENT_PREFIX))
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        return new FlussEnrichCatalog(
                context.getName(),
                helper.getOptions().get(DEFAULT_DATABASE),
                FlussConnectionConfig.of(
                        helper.getOptions().get(FlussEnrichConnectorOptions.BOOTSTRAP_SERVERS),
                        clientOptions));
    }
}
