/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source;

import dev.flussenrich.FlussEnrich;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.testutils.DeviceLog;

import org.apache.flink.api.connector.source.Boundedness;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Source builder validation; {@code build()} never touches the network (nothing listens here). */
class FlussEnrichSourceBuilderTest {

    private static final String NOWHERE = "127.0.0.1:1";

    private static FlussEnrichSourceBuilder<DeviceLog> completeSource() {
        return FlussEnrichSource.<DeviceLog>builder()
                .setBootstrapServers(NOWHERE)
                .setTable("db", "device_logs")
                .setColumns("id", "ip")
                .setDeserializer(new DeviceLog.Deserializer());
    }

    @Test
    void aCompleteSourceBuildsWithoutNetworkIo() {
        FlussEnrichSource<DeviceLog> source =
                completeSource()
                        .setStartPosition(StartPosition.enrichmentWatermark("geo"))
                        .setBounded(true)
                        .build();
        assertThat(source.getBoundedness()).isEqualTo(Boundedness.BOUNDED);
        assertThat(source.settings().columns()).containsExactly("id", "ip");
        assertThat(source.settings().connection().bootstrapServers()).isEqualTo(NOWHERE);
        assertThat(completeSource().build().getBoundedness())
                .isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
    }

    @Test
    void eachMissingSourceSettingIsNamed() {
        assertThatThrownBy(() -> completeSource().setBootstrapServers(null).build())
                .hasMessage(
                        "bootstrap servers is required but not provided: call"
                                + " setBootstrapServers(...).");
        assertThatThrownBy(
                        () ->
                                FlussEnrich.<DeviceLog>source()
                                        .setBootstrapServers(NOWHERE)
                                        .setColumns("id")
                                        .setDeserializer(new DeviceLog.Deserializer())
                                        .build())
                .hasMessage("table is required but not provided: call setTable(...).");
        assertThatThrownBy(
                        () ->
                                FlussEnrich.<DeviceLog>source()
                                        .setBootstrapServers(NOWHERE)
                                        .setTable("db", "t")
                                        .setDeserializer(new DeviceLog.Deserializer())
                                        .build())
                .hasMessage("columns is required but not provided: call setColumns(...).");
        assertThatThrownBy(() -> completeSource().setDeserializer(null).build())
                .hasMessage(
                        "deserializer is required but not provided: call setDeserializer(...).");
    }

    @Test
    void inconsistentSourceSettingsAreNamed() {
        assertThatThrownBy(() -> completeSource().setColumns().build())
                .hasMessage("columns must name at least one column of table 'db.device_logs'.");
        assertThatThrownBy(() -> completeSource().setColumns("id", "id").build())
                .hasMessage("columns [id, id] name a column twice; name each column once.");
        assertThatThrownBy(
                        () ->
                                completeSource()
                                        .setStartPosition(StartPosition.enrichmentWatermark(" "))
                                        .build())
                .hasMessage("The enrichment-watermark start position needs a group name.");
        assertThatThrownBy(
                        () ->
                                completeSource()
                                        .setPartitionDiscoveryInterval(java.time.Duration.ZERO)
                                        .build())
                .hasMessage("The partition discovery interval must be positive, got PT0S.");
        assertThatThrownBy(() -> completeSource().setMaxBufferedBytes(0).build())
                .hasMessage("The buffer bound must be at least 1 byte, got 0.");
        assertThatThrownBy(() -> completeSource().setMaxBufferedRows(0).build())
                .hasMessage("The buffer bound must be at least 1 row, got 0.");
    }
}
