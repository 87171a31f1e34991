/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.datastream;

import dev.flussenrich.FlussEnrich;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.sink.EnrichmentSink;
import dev.flussenrich.source.FlussEnrichSource;

import org.apache.flink.api.connector.source.Boundedness;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Builder validation; {@code build()} never touches the network (nothing listens here). */
class FlussEnrichBuildersTest {

    private static final String NOWHERE = "127.0.0.1:1";

    private static FlussEnrichSourceBuilder<BaseRow> completeSource() {
        return FlussEnrich.<BaseRow>source()
                .setBootstrapServers(NOWHERE)
                .setTable("db", "device_logs")
                .setColumns("id", "ip")
                .setDeserializer(new BaseRow.Deserializer());
    }

    private static EnrichmentSinkBuilder<GeoRow> completeSink() {
        return FlussEnrich.<GeoRow>sink()
                .setBootstrapServers(NOWHERE)
                .setTable("db", "device_logs")
                .setGroup("geo")
                .setSerializer(new GeoRow.Serializer());
    }

    @Test
    void aCompleteSourceBuildsWithoutNetworkIo() {
        FlussEnrichSource<BaseRow> source =
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
                                FlussEnrich.<BaseRow>source()
                                        .setBootstrapServers(NOWHERE)
                                        .setColumns("id")
                                        .setDeserializer(new BaseRow.Deserializer())
                                        .build())
                .hasMessage("table is required but not provided: call setTable(...).");
        assertThatThrownBy(
                        () ->
                                FlussEnrich.<BaseRow>source()
                                        .setBootstrapServers(NOWHERE)
                                        .setTable("db", "t")
                                        .setDeserializer(new BaseRow.Deserializer())
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

    @Test
    void aCompleteSinkBuildsWithoutNetworkIo() {
        EnrichmentSink<GeoRow> sink = completeSink().setGapPolicy(GapPolicy.FILL_NULL).build();
        assertThat(sink.group()).isEqualTo("geo");
        assertThat(sink.gapPolicy()).isEqualTo(GapPolicy.FILL_NULL);
        assertThat(sink.table().toString()).isEqualTo("db.device_logs");
    }

    @Test
    void eachMissingOrBadSinkSettingIsNamed() {
        assertThatThrownBy(() -> completeSink().setBootstrapServers(" ").build())
                .hasMessage(
                        "bootstrap servers is required but not provided: call"
                                + " setBootstrapServers(...).");
        assertThatThrownBy(() -> completeSink().setGroup(null).build())
                .hasMessage("group is required but not provided: call setGroup(...).");
        assertThatThrownBy(() -> completeSink().setSerializer(null).build())
                .hasMessage("serializer is required but not provided: call setSerializer(...).");
        assertThatThrownBy(() -> completeSink().setGapPolicy(null).build())
                .hasMessage("gap policy is required but not provided: call setGapPolicy(...).");
        assertThatThrownBy(() -> completeSink().setGroup("geo-2").build())
                .hasMessage(
                        "'geo-2' is not a valid column group name: group names match"
                                + " [A-Za-z_][A-Za-z0-9_]* and have at most 64 characters.");
        assertThatThrownBy(
                        () ->
                                completeSink()
                                        .setClientOption("client.writer.bach-size", "1mb")
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Unknown Fluss client option 'client.writer.bach-size'.");
    }
}
