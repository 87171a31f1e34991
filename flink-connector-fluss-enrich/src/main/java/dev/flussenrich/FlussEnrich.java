/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich;

import dev.flussenrich.sink.EnrichmentSink;
import dev.flussenrich.sink.EnrichmentSinkBuilder;
import dev.flussenrich.source.FlussEnrichSource;
import dev.flussenrich.source.FlussEnrichSourceBuilder;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Entry point of the DataStream API, in one place: {@link #source()} is {@link
 * FlussEnrichSource#builder()} and {@link #sink()} is {@link EnrichmentSink#builder()}. The concise
 * enrichment INSERT on a TableEnvironment is {@code EnrichmentSql.on(tableEnv)} in the SQL module
 * ({@code flink-fluss-enrich-sql}).
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
        return FlussEnrichSource.builder();
    }

    /** A sink that writes one column group, keeping the enrichment write contract. */
    public static <T> EnrichmentSinkBuilder<T> sink() {
        return EnrichmentSink.builder();
    }
}
