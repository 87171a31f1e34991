/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich;

import dev.flussenrich.datastream.EnrichmentSinkBuilder;
import dev.flussenrich.datastream.FlussEnrichSourceBuilder;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Entry point of the DataStream API. The concise enrichment INSERT on a TableEnvironment is {@code
 * EnrichmentSql.on(tableEnv)} in the SQL module ({@code flink-fluss-enrich-sql}).
 *
 * <pre>{@code
 * FlussEnrichSource<DeviceLog> source = FlussEnrich.<DeviceLog>source()
 *     .setBootstrapServers("localhost:9123").setTable("fluss", "device_logs")
 *     .setColumns("device_id", "ip").setDeserializer(new DeviceLogDeserializer())
 *     .setStartPosition(StartPosition.enrichmentWatermark("geo"))
 *     .build();
 * EnrichmentSink<GeoResult> sink = FlussEnrich.<GeoResult>sink()
 *     .setBootstrapServers("localhost:9123").setTable("fluss", "device_logs")
 *     .setGroup("geo").setSerializer(new GeoResultSerializer())
 *     .build();
 * }</pre>
 */
@PublicEvolving
public final class FlussEnrich {

    private FlussEnrich() {}

    /** A source of base and/or group columns, each record with its identity. */
    public static <T> FlussEnrichSourceBuilder<T> source() {
        return new FlussEnrichSourceBuilder<>();
    }

    /** A sink that writes one column group, keeping the enrichment write contract. */
    public static <T> EnrichmentSinkBuilder<T> sink() {
        return new EnrichmentSinkBuilder<>();
    }
}
