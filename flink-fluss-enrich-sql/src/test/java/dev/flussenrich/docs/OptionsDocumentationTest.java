/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.docs;

import dev.flussenrich.catalog.FlussEnrichCatalogOptions;
import dev.flussenrich.gateway.FlussEnrichGatewayEndpointFactory;
import dev.flussenrich.table.FlussEnrichConnectorOptions;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpointFactoryUtils;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestOptions;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The option tables of docs/sql-reference.md list exactly the options the code declares. */
class OptionsDocumentationTest {

    private static final Path DOC = Path.of("..", "docs", "sql-reference.md");
    private static final Pattern OPTION_ROW = Pattern.compile("^\\| `([a-z][a-z0-9.\\-]*)` \\|");

    @Test
    void everyOptionIsDocumentedAndEveryDocumentedOptionExists() throws Exception {
        Set<String> documented = new TreeSet<>();
        for (String line : Files.readAllLines(DOC)) {
            Matcher m = OPTION_ROW.matcher(line);
            if (m.find() && !m.group(1).startsWith("_")) {
                documented.add(m.group(1));
            }
        }
        Set<String> declared = new TreeSet<>();
        declared.addAll(optionKeys(FlussEnrichConnectorOptions.class));
        declared.addAll(optionKeys(FlussEnrichCatalogOptions.class));
        declared.addAll(gatewayOptionKeys());
        assertThat(documented).isEqualTo(declared);
    }

    @Test
    void documentedDefaultsMatchTheCode() throws Exception {
        String doc = Files.readString(DOC);
        assertThat(doc)
                .contains(
                        "| `scan.startup.mode` | no | `"
                                + FlussEnrichConnectorOptions.SCAN_STARTUP_MODE.defaultValue()
                                + "` |")
                .contains(
                        "| `enrichment.gap-policy` | no | `"
                                + FlussEnrichConnectorOptions.ENRICHMENT_GAP_POLICY.defaultValue()
                                + "` |")
                .contains(
                        "| `default-database` | no | `"
                                + FlussEnrichCatalogOptions.DEFAULT_DATABASE.defaultValue()
                                + "` |")
                .contains(
                        "| `scan.partition.discovery.interval` | no | `"
                                + FlussEnrichConnectorOptions.SCAN_PARTITION_DISCOVERY_INTERVAL
                                        .defaultValue()
                                        .toSeconds()
                                + " s` |")
                .contains(
                        "| `"
                                + gatewayOptionPrefix()
                                + SqlGatewayRestOptions.PORT.key()
                                + "` | no | `"
                                + SqlGatewayRestOptions.PORT.defaultValue()
                                + "` |");
    }

    /** The gateway endpoint's options as users write them in the Flink configuration. */
    private static Set<String> gatewayOptionKeys() {
        FlussEnrichGatewayEndpointFactory factory = new FlussEnrichGatewayEndpointFactory();
        Set<String> keys = new TreeSet<>();
        for (Set<ConfigOption<?>> options :
                List.of(factory.requiredOptions(), factory.optionalOptions())) {
            options.forEach(option -> keys.add(gatewayOptionPrefix() + option.key()));
        }
        return keys;
    }

    private static String gatewayOptionPrefix() {
        return SqlGatewayEndpointFactoryUtils.getSqlGatewayOptionPrefix(
                FlussEnrichGatewayEndpointFactory.IDENTIFIER);
    }

    private static Set<String> optionKeys(Class<?> holder) throws IllegalAccessException {
        Set<String> keys = new TreeSet<>();
        for (Field field : holder.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers())
                    && ConfigOption.class.isAssignableFrom(field.getType())) {
                keys.add(((ConfigOption<?>) field.get(null)).key());
            }
        }
        return keys;
    }
}
