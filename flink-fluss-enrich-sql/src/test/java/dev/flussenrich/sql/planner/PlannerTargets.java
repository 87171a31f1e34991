/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.core.ColumnGroup;
import dev.flussenrich.core.ColumnGroups;
import dev.flussenrich.core.LogicalTable;

import org.apache.fluss.metadata.TablePath;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Table descriptions for planner tests, as the catalog lookup would return them. */
final class PlannerTargets implements TargetLookup {

    static final EnrichmentTarget DEVICE_LOGS =
            new EnrichmentTarget(
                    "enrich.fluss.device_logs",
                    table(
                            "device_logs",
                            false,
                            new ColumnGroup("geo", List.of("city", "country")),
                            new ColumnGroup("risk", List.of("score"))),
                    List.of(
                            "device_id",
                            "ip",
                            "payload",
                            "proc_time",
                            "city",
                            "country",
                            "score",
                            "_bucket",
                            "_offset",
                            "_timestamp"),
                    List.of("device_id", "ip", "payload", "city", "country", "score"),
                    Set.of("device_id"));

    static final EnrichmentTarget PARTITIONED_LOGS =
            new EnrichmentTarget(
                    "enrich.fluss.part_logs",
                    table("part_logs", true, new ColumnGroup("geo", List.of("city"))),
                    List.of("dt", "ip", "city", "_partition", "_bucket", "_offset", "_timestamp"),
                    List.of("dt", "ip", "city"),
                    Set.of());

    static final EnrichmentTarget STRICT_LOGS =
            new EnrichmentTarget(
                    "enrich.fluss.strict_logs",
                    table("strict_logs", false, new ColumnGroup("geo", List.of("city", "country"))),
                    List.of("ip", "city", "country", "_bucket", "_offset", "_timestamp"),
                    List.of("ip", "city", "country"),
                    Set.of("country"));

    /** Two NOT NULL columns in a group of three. */
    static final EnrichmentTarget REQUIRED_LOGS =
            new EnrichmentTarget(
                    "enrich.fluss.required_logs",
                    table(
                            "required_logs",
                            false,
                            new ColumnGroup("geo", List.of("city", "country", "zip"))),
                    List.of("ip", "city", "country", "zip", "_bucket", "_offset", "_timestamp"),
                    List.of("ip", "city", "country", "zip"),
                    Set.of("city", "country"));

    private static LogicalTable table(String name, boolean partitioned, ColumnGroup... groups) {
        return new LogicalTable(
                TablePath.of("fluss", name), ColumnGroups.of(List.of(groups)), partitioned);
    }

    @Override
    public Optional<EnrichmentTarget> find(List<String> identifier) {
        String name = String.join(".", identifier);
        return List.of(DEVICE_LOGS, PARTITIONED_LOGS, STRICT_LOGS, REQUIRED_LOGS).stream()
                .filter(t -> t.name().equals(name) || t.name().endsWith("." + name))
                .findFirst();
    }
}
