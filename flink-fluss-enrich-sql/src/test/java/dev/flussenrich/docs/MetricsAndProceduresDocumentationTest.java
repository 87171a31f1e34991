/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.docs;

import dev.flussenrich.catalog.FlussEnrichCatalog;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.metrics.EnrichmentWriterMetrics;
import dev.flussenrich.metrics.StitchedReaderMetrics;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The metrics table of docs/datastream.md lists exactly the metrics the code registers, and
 * docs/sql-reference.md documents every catalog procedure.
 */
class MetricsAndProceduresDocumentationTest {

    private static final Path METRICS_DOC = Path.of("..", "docs", "datastream.md");
    private static final Path SQL_DOC = Path.of("..", "docs", "sql-reference.md");
    private static final Pattern METRIC_ROW = Pattern.compile("^\\| `(?:[^`]*\\.)?(\\w+)` \\|");

    @Test
    void theMetricsTableListsExactlyTheRegisteredMetrics() throws Exception {
        List<String> declared = new ArrayList<>();
        declared.addAll(metricNames(EnrichmentWriterMetrics.class));
        declared.addAll(metricNames(StitchedReaderMetrics.class));
        String section =
                Files.readString(METRICS_DOC).split("## Metrics", 2)[1].split("\n## ", 2)[0];
        List<String> documented = new ArrayList<>();
        for (String line : section.lines().toList()) {
            Matcher row = METRIC_ROW.matcher(line);
            if (row.find()) {
                documented.add(row.group(1));
            }
        }
        assertThat(documented).containsExactlyInAnyOrderElementsOf(declared);
    }

    @Test
    void everyProcedureIsDocumentedWithItsCall() throws Exception {
        List<String> procedures =
                new FlussEnrichCatalog(
                                "enrich", "fluss", FlussConnectionConfig.of("unused:1", Map.of()))
                        .listProcedures(FlussEnrichCatalog.PROCEDURE_DATABASE);
        String doc = Files.readString(SQL_DOC);
        assertThat(procedures).isNotEmpty();
        for (String procedure : procedures) {
            assertThat(doc).as(procedure).contains("CALL enrich.sys." + procedure + "(");
        }
    }

    /** The values of the public String constants of a metrics class: its metric names. */
    private static List<String> metricNames(Class<?> metrics) throws IllegalAccessException {
        List<String> names = new ArrayList<>();
        for (Field field : metrics.getDeclaredFields()) {
            if (Modifier.isPublic(field.getModifiers())
                    && Modifier.isStatic(field.getModifiers())
                    && field.getType() == String.class) {
                names.add((String) field.get(null));
            }
        }
        return names;
    }
}
