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
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.factories.FactoryUtil;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.flussenrich.table.FlussEnrichConnectorOptions.ENRICHMENT_GAP_POLICY;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.FLUSS_TABLE;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_STARTUP_ENRICHMENT_GROUP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Option spellings, client options, start positions, table paths. */
class FlussEnrichConnectorOptionsUtilTest {

    private static final LogicalTable LOGS =
            new LogicalTable(
                    TablePath.of("fluss", "logs"),
                    ColumnGroups.of(List.of(new ColumnGroup("geo", List.of("city")))),
                    false);

    /**
     * The spellings before the rename ('table.path', 'scan.startup.enrichment-group',
     * 'sink.enrichment.gap-policy') were never released and are not read any more: Flink refuses
     * them as unsupported options, except 'table.path', which is under the 'table.' prefix of Fluss
     * table properties, so a table declared with it names no Fluss table.
     */
    @Test
    void theOldSpellingsAreGone() {
        Configuration old =
                Configuration.fromMap(
                        Map.of(
                                "table.path", "fluss.logs",
                                "sink.enrichment.gap-policy", "fill-null",
                                "scan.startup.enrichment-group", "geo"));
        assertThat(old.getOptional(FLUSS_TABLE)).isEmpty();
        assertThat(old.get(ENRICHMENT_GAP_POLICY)).isEqualTo(GapPolicy.FAIL);
        assertThat(old.getOptional(SCAN_STARTUP_ENRICHMENT_GROUP)).isEmpty();

        for (String oldKey :
                List.of("sink.enrichment.gap-policy", "scan.startup.enrichment-group")) {
            assertThatThrownBy(() -> createSource(Map.of("fluss.table", "fluss.logs", oldKey, "x")))
                    .isInstanceOf(ValidationException.class)
                    .hasMessageStartingWith("Unsupported options found for 'fluss-enrich'.")
                    .hasMessageContaining("Unsupported options:\n\n" + oldKey + "\n");
        }
        assertThatThrownBy(() -> createSource(Map.of("table.path", "fluss.logs")))
                .isInstanceOf(ValidationException.class)
                .hasMessage(
                        "Table 'default_catalog.default_database.logs' needs the option"
                                + " 'fluss.table' = 'database.table' naming the Fluss table.");
    }

    /**
     * Plans a source of a table declared with {@code 'connector' = 'fluss-enrich'} and these
     * options; the options are checked before any connection is made.
     */
    private static void createSource(Map<String, String> options) {
        Map<String, String> all = new HashMap<>(options);
        all.put("connector", FlussEnrichDynamicTableFactory.IDENTIFIER);
        all.put("bootstrap.servers", "127.0.0.1:1");
        ResolvedCatalogTable table =
                new ResolvedCatalogTable(
                        CatalogTable.of(
                                Schema.newBuilder().column("id", DataTypes.INT()).build(),
                                null,
                                List.of(),
                                all),
                        ResolvedSchema.of(Column.physical("id", DataTypes.INT())));
        new FlussEnrichDynamicTableFactory()
                .createDynamicTableSource(
                        new FactoryUtil.DefaultDynamicTableContext(
                                ObjectIdentifier.of("default_catalog", "default_database", "logs"),
                                table,
                                Map.of(),
                                new Configuration(),
                                FlussEnrichConnectorOptionsUtilTest.class.getClassLoader(),
                                true));
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
    void severalStartGroupsAreKeptAsAListOfNames() {
        LogicalTable twoGroups =
                new LogicalTable(
                        TablePath.of("fluss", "logs"),
                        ColumnGroups.of(
                                List.of(
                                        new ColumnGroup("geo", List.of("city")),
                                        new ColumnGroup("risk", List.of("score")))),
                        false);
        StartPosition start =
                FlussEnrichConnectorOptionsUtil.startPosition(
                        Configuration.fromMap(
                                Map.of(
                                        "scan.startup.mode", "enrichment-watermark",
                                        "scan.startup.enrichment.group", "geo, risk")),
                        twoGroups);
        assertThat(start.groups()).containsExactly("geo", "risk");
        assertThat(start).isEqualTo(StartPosition.enrichmentWatermark(List.of("geo", "risk")));
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
                                + " not fit every bucket. Use 'full', 'earliest', 'latest', 'timestamp'"
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
