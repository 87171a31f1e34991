/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.table.FlussEnrichConnectorOptions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * Options of the {@code fluss-enrich} catalog ({@code CREATE CATALOG c WITH ('type' =
 * 'fluss-enrich', ...)}). Fluss client options ({@code client.*}) pass to the Fluss client.
 */
@PublicEvolving
public final class FlussEnrichCatalogOptions {

    private FlussEnrichCatalogOptions() {}

    public static final ConfigOption<String> BOOTSTRAP_SERVERS =
            FlussEnrichConnectorOptions.BOOTSTRAP_SERVERS;

    public static final ConfigOption<String> DEFAULT_DATABASE =
            ConfigOptions.key("default-database")
                    .stringType()
                    .defaultValue("fluss")
                    .withDescription("The database that unqualified table names refer to.");
}
