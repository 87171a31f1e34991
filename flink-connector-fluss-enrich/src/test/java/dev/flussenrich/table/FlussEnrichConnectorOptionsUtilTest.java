/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.ColumnGroup;
import dev.flussenrich.core.ColumnGroups;
import dev.flussenrich.core.LogicalTable;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.write.GapPolicy;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.ValidationException;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.flussenrich.table.FlussEnrichConnectorOptions.ENRICHMENT_GAP_POLICY;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.FLUSS_TABLE;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_STARTUP_ENRICHMENT_GROUP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Option spellings (current and deprecated), client options, start positions, table paths. */
class FlussEnrichConnectorOptionsUtilTest {

    private static final LogicalTable LOGS =
            new LogicalTable(
                    TablePath.of("fluss", "logs"),
                    ColumnGroups.of(List.of(new ColumnGroup("geo", List.of("city")))),
                    false);

    @Test
    void deprecatedSpellingsStillWork() {
        Configuration old =
                Configuration.fromMap(
                        Map.of(
                                "table.path", "fluss.logs",
                                "sink.enrichment.gap-policy", "fill-null",
                                "scan.startup.enrichment-group", "geo"));
        assertThat(old.get(FLUSS_TABLE)).isEqualTo("fluss.logs");
        assertThat(old.get(ENRICHMENT_GAP_POLICY)).isEqualTo(GapPolicy.FILL_NULL);
        assertThat(old.get(SCAN_STARTUP_ENRICHMENT_GROUP)).isEqualTo("geo");
        assertThat(FlussEnrichConnectorOptionsUtil.flussTableOption(Map.of("table.path", "a.b")))
                .isEqualTo("a.b");
    }

    @Test
    void currentSpellingsWinOverDeprecatedOnes() {
        Configuration both =
                Configuration.fromMap(
                        Map.of(
                                "enrichment.gap-policy", "fail",
                                "sink.enrichment.gap-policy", "fill-null"));
        assertThat(both.get(ENRICHMENT_GAP_POLICY)).isEqualTo(GapPolicy.FAIL);
        assertThat(
                        FlussEnrichConnectorOptionsUtil.flussTableOption(
                                Map.of("fluss.table", "a.new", "table.path", "a.old")))
                .isEqualTo("a.new");
    }

    @Test
    void enumOptionsTakeTheCoreEnumsWrittenAsUsersWriteThem() {
        Configuration options =
                Configuration.fromMap(
                        Map.of(
                                "scan.startup.mode", "enrichment-watermark",
                                "scan.startup.enrichment.group", "geo"));
        assertThat(FlussEnrichConnectorOptionsUtil.startPosition(options, LOGS))
                .isEqualTo(StartPosition.enrichmentWatermark("geo"));
        assertThat(ENRICHMENT_GAP_POLICY.defaultValue()).hasToString("fail");
    }

    @Test
    void startPositionErrorsNameTheOption() {
        assertThatThrownBy(
                        () ->
                                FlussEnrichConnectorOptionsUtil.startPosition(
                                        Configuration.fromMap(
                                                Map.of("scan.startup.mode", "timestamp")),
                                        LOGS))
                .isInstanceOf(ValidationException.class)
                .hasMessage(
                        "'scan.startup.timestamp' is required when 'scan.startup.mode' ="
                                + " 'timestamp'.");
        assertThatThrownBy(
                        () ->
                                FlussEnrichConnectorOptionsUtil.startPosition(
                                        Configuration.fromMap(
                                                Map.of(
                                                        "scan.startup.mode",
                                                        "enrichment-watermark",
                                                        "scan.startup.enrichment.group",
                                                        "risk")),
                                        LOGS))
                .hasMessage(
                        "'scan.startup.enrichment.group' = 'risk' is not a column group of table"
                                + " 'fluss.logs' (groups: geo).");
        assertThatThrownBy(
                        () ->
                                FlussEnrichConnectorOptionsUtil.startPosition(
                                        Configuration.fromMap(
                                                Map.of("scan.startup.mode", "offset")),
                                        LOGS))
                .hasMessage(
                        "'scan.startup.mode' = 'offset' is not supported in SQL: one offset does"
                                + " not fit every bucket. Use 'earliest', 'latest', 'timestamp'"
                                + " or 'enrichment-watermark'.");
    }

    @Test
    void clientOptionsAreCheckedAgainstFlussClientOptions() {
        assertThat(
                        FlussEnrichConnectorOptionsUtil.clientOptions(
                                Map.of(
                                        "client.writer.batch-size", "1mb",
                                        "client.security.sasl.username", "alice",
                                        "bucket.num", "4")))
                .containsOnlyKeys("client.writer.batch-size", "client.security.sasl.username");
        assertThatThrownBy(
                        () ->
                                FlussEnrichConnectorOptionsUtil.clientOptions(
                                        Map.of("client.writer.batch-sise", "1mb")))
                .isInstanceOf(ValidationException.class)
                .hasMessage(
                        "Unknown Fluss client option 'client.writer.batch-sise'. Options under"
                                + " 'client.' go to the Fluss client and must be Fluss client"
                                + " options (see Fluss's client configuration), e.g."
                                + " 'client.writer.batch-size'.");
    }

    @Test
    void tablePathsAreDatabaseDotTable() {
        assertThat(FlussEnrichConnectorOptionsUtil.parseTablePath("db.t", "'fluss.table'"))
                .isEqualTo(TablePath.of("db", "t"));
        assertThatThrownBy(
                        () ->
                                FlussEnrichConnectorOptionsUtil.parseTablePath(
                                        "db.t.x", "'fluss.table'"))
                .isInstanceOf(ValidationException.class)
                .hasMessage("Invalid 'fluss.table': 'db.t.x' is not 'database.table'.");
    }
}
