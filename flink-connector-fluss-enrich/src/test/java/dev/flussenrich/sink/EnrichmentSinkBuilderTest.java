/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.GeoRow;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Sink builder validation; {@code build()} never touches the network (nothing listens here). */
class EnrichmentSinkBuilderTest {

    private static final String NOWHERE = "127.0.0.1:1";

    private static EnrichmentSinkBuilder<GeoRow> completeSink() {
        return EnrichmentSink.<GeoRow>builder()
                .setBootstrapServers(NOWHERE)
                .setTable("db", "device_logs")
                .setGroup("geo")
                .setSerializer(new GeoRow.Serializer());
    }

    @Test
    void aCompleteSinkBuildsWithoutNetworkIo() {
        EnrichmentSink<GeoRow> sink = completeSink().setGapPolicy(GapPolicy.FILL_NULL).build();
        assertThat(sink.groups()).containsExactly("geo");
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
