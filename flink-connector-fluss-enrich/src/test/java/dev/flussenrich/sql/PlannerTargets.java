/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Table descriptions for planner tests, as the catalog lookup would return them. */
final class PlannerTargets implements TargetLookup {

    static final EnrichmentTarget DEVICE_LOGS =
            new EnrichmentTarget(
                    "enrich.fluss.device_logs",
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
                    EnrichmentTarget.orderedGroups(
                            Map.of("geo", List.of("city", "country"), "risk", List.of("score"))),
                    Set.of("device_id"),
                    false);

    static final EnrichmentTarget PARTITIONED_LOGS =
            new EnrichmentTarget(
                    "enrich.fluss.part_logs",
                    List.of("dt", "ip", "city", "_partition", "_bucket", "_offset", "_timestamp"),
                    List.of("dt", "ip", "city"),
                    Map.of("geo", List.of("city")),
                    Set.of(),
                    true);

    static final EnrichmentTarget STRICT_LOGS =
            new EnrichmentTarget(
                    "enrich.fluss.strict_logs",
                    List.of("ip", "city", "country", "_bucket", "_offset", "_timestamp"),
                    List.of("ip", "city", "country"),
                    Map.of("geo", List.of("city", "country")),
                    Set.of("country"),
                    false);

    @Override
    public Optional<EnrichmentTarget> find(List<String> identifier) {
        String name = String.join(".", identifier);
        return List.of(DEVICE_LOGS, PARTITIONED_LOGS, STRICT_LOGS).stream()
                .filter(t -> t.name().equals(name) || t.name().endsWith("." + name))
                .findFirst();
    }
}
