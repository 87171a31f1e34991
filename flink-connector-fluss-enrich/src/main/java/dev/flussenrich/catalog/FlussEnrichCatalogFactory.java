/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.table.FlussEnrichConnectorOptions;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.factories.CatalogFactory;
import org.apache.flink.table.factories.FactoryUtil;

import java.util.Map;
import java.util.Set;

/** Creates the catalog for {@code CREATE CATALOG c WITH ('type' = 'fluss-enrich', ...)}. */
@Internal
public final class FlussEnrichCatalogFactory implements CatalogFactory {

    public static final String IDENTIFIER = "fluss-enrich";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(FlussEnrichCatalogOptions.BOOTSTRAP_SERVERS);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(FlussEnrichCatalogOptions.DEFAULT_DATABASE);
    }

    @Override
    public Catalog createCatalog(Context context) {
        FactoryUtil.CatalogFactoryHelper helper =
                FactoryUtil.createCatalogFactoryHelper(this, context);
        helper.validateExcept(FlussEnrichConnectorOptions.CLIENT_PREFIX);
        Map<String, String> clientOptions =
                FlussEnrichConnectorOptionsUtil.clientOptions(context.getOptions());
        return new FlussEnrichCatalog(
                context.getName(),
                helper.getOptions().get(FlussEnrichCatalogOptions.DEFAULT_DATABASE),
                FlussConnectionConfig.of(
                        helper.getOptions().get(FlussEnrichCatalogOptions.BOOTSTRAP_SERVERS),
                        clientOptions));
    }
}
