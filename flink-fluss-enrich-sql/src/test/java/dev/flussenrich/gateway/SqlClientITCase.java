/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.testutils.CommonTestUtils;
import org.apache.flink.table.client.SqlClient;
import org.apache.flink.table.client.cli.TerminalUtils;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpoint;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpointFactoryUtils;
import org.apache.flink.table.gateway.rest.SqlGatewayRestEndpoint;
import org.apache.flink.table.gateway.service.utils.SqlGatewayServiceExtension;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Flink's own SQL Client ({@code sql-client.sh}), in embedded mode with the one line of
 * configuration the quickstart asks for ({@code sql-gateway.endpoint.type: fluss-enrich}), and in
 * gateway mode against the {@code fluss-enrich} endpoint: the concise INSERT enriches rows, a
 * rejected statement shows the planner's message, the explicit form still works.
 */
@ExtendWith(SharedFlussCluster.class)
class SqlClientITCase {

    @RegisterExtension
    @Order(1)
    static final MiniClusterExtension MINI_CLUSTER = FlinkSql.miniCluster();

    @RegisterExtension
    @Order(2)
    static final SqlGatewayServiceExtension GATEWAY =
            new SqlGatewayServiceExtension(MINI_CLUSTER::getClientConfiguration);

    @TempDir static Path folder;

    private static Map<String, String> originalEnvironment;

    /** A Flink configuration directory as a user has it, plus the line this project asks for. */
    @BeforeAll
    static void flinkConfigurationDirectory() throws Exception {
        Configuration cluster = MINI_CLUSTER.getClientConfiguration();
        Path conf = Files.createDirectories(folder.resolve("conf"));
        Files.writeString(
                conf.resolve("config.yaml"),
                String.join(
                        "\n",
                        "execution.target: remote",
                        "rest.address: " + cluster.get(RestOptions.ADDRESS),
                        "rest.port: " + cluster.get(RestOptions.PORT),
                        "sql-client.execution.result-mode: tableau",
                        "sql-gateway.endpoint.type: fluss-enrich",
                        ""));
        originalEnvironment = new HashMap<>(System.getenv());
        Map<String, String> environment = new HashMap<>(originalEnvironment);
        environment.put("FLINK_CONF_DIR", conf.toString());
        CommonTestUtils.setEnv(environment);
    }

    @AfterAll
    static void restoreEnvironment() {
        CommonTestUtils.setEnv(originalEnvironment);
    }

    private static String newTable(String prefix) {
        return SharedFlussCluster.newTablePath(prefix).getTableName();
    }

    /** Creates the catalog and a table with groups geo (city) and label (tag), two base rows. */
    private static String prelude(String table) {
        return String.join(
                "\n",
                "SET 'execution.runtime-mode' = 'batch';",
                "SET 'table.dml-sync' = 'true';",
                String.format(
                        "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' ="
                                + " '%s', 'default-database' = '%s');",
                        SharedFlussCluster.cluster().bootstrapServers(),
                        SharedFlussCluster.DATABASE),
                "USE CATALOG enrich;",
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, tag STRING) WITH"
                        + " ('column-groups.geo' = 'city', 'column-groups.label' = 'tag');",
                "INSERT INTO " + table + " VALUES (1, '10.0.0.1'), (2, '10.0.0.2');",
                "");
    }

    @Test
    void embeddedModeRunsAScriptFileThroughThePlanner() throws Exception {
        String table = newTable("client_file");
        Path script = folder.resolve(table + ".sql");
        Files.writeString(
                script,
                prelude(table)
                        + String.join(
                                "\n",
                                "INSERT INTO "
                                        + table
                                        + " /*+ enrichment.group='geo' */ SELECT CONCAT('city-',"
                                        + " ip) AS city FROM "
                                        + table
                                        + ";",
                                "SELECT id, ip, city FROM " + table + " ORDER BY id;",
                                ""));

        String output = runSqlClient(List.of("embedded", "-f", script.toString()), "");

        assertThat(output).doesNotContain("[ERROR]");
        assertThat(rows(output))
                .containsExactly(
                        "| 1 | 10.0.0.1 | city-10.0.0.1 |", "| 2 | 10.0.0.2 | city-10.0.0.2 |");
    }

    @Test
    void embeddedModeTakesTypedStatementsAndShowsThePlannersRejection() throws Exception {
        String table = newTable("client_typed");
        String input =
                prelude(table)
                        + String.join(
                                "\n",
                                "INSERT INTO "
                                        + table
                                        + " /*+ enrichment.group='geo' */ SELECT MAX(ip) AS city"
                                        + " FROM "
                                        + table
                                        + ";",
                                "INSERT INTO "
                                        + table
                                        + " /*+ enrichment.group='geo' */ SELECT UPPER(ip) AS city"
                                        + " FROM "
                                        + table
                                        + ";",
                                // the explicit form, which names the identity columns itself
                                "INSERT INTO "
                                        + table
                                        + " /*+ OPTIONS('enrichment.group'='label') */ (_bucket,"
                                        + " _offset, tag) SELECT _bucket, _offset, CONCAT('#', ip)"
                                        + " FROM "
                                        + table
                                        + ";",
                                "SELECT id, city, tag FROM " + table + " ORDER BY id;",
                                "QUIT;",
                                "");

        String output = runSqlClient(List.of("embedded"), input);

        assertThat(output)
                .contains("[ERROR] Could not execute SQL statement.")
                .contains(
                        "Enrichment INSERT of group 'geo' into table 'enrich."
                                + SharedFlussCluster.DATABASE
                                + "."
                                + table
                                + "' is rejected: it aggregates (MAX); an enrichment value belongs"
                                + " to one row. Compute per-row values (aggregate when reading).");
        assertThat(rows(output))
                .containsExactly("| 1 | 10.0.0.1 | #10.0.0.1 |", "| 2 | 10.0.0.2 | #10.0.0.2 |");
    }

    @Test
    void gatewayModeTalksToTheFlussEnrichEndpointAndGuardsStatementSets() throws Exception {
        SqlGatewayEndpoint endpoint = startEndpoint();
        try {
            String table = newTable("client_gateway");
            String input =
                    prelude(table)
                            + String.join(
                                    "\n",
                                    "BEGIN STATEMENT SET;",
                                    "INSERT INTO "
                                            + table
                                            + " /*+ enrichment.group='geo' */ SELECT"
                                            + " REVERSE(ip) AS city FROM "
                                            + table
                                            + ";",
                                    "INSERT INTO "
                                            + table
                                            + " /*+ enrichment.group='geo' */ SELECT"
                                            + " UPPER(ip) AS city FROM "
                                            + table
                                            + ";",
                                    "END;",
                                    "SELECT id, ip, city FROM " + table + " ORDER BY id;",
                                    "QUIT;",
                                    "");
            String address = "127.0.0.1:" + ((SqlGatewayRestEndpoint) endpoint).getRestPort();

            String output = runSqlClient(List.of("gateway", "--endpoint", address), input);

            assertThat(output)
                    .as("the second INSERT into geo of the statement set is refused")
                    .containsOnlyOnce("[ERROR] Could not execute SQL statement.")
                    .contains("The statement set writes group 'geo' of table 'enrich.");
            assertThat(rows(output))
                    .as("END ran the first one")
                    .containsExactly("| 1 | 10.0.0.1 | 1.0.0.01 |", "| 2 | 10.0.0.2 | 2.0.0.01 |");
        } finally {
            endpoint.stop();
        }
    }

    private static SqlGatewayEndpoint startEndpoint() throws Exception {
        Configuration conf = new Configuration();
        conf.setString("sql-gateway.endpoint.type", "fluss-enrich");
        conf.setString("sql-gateway.endpoint.fluss-enrich.address", "127.0.0.1");
        conf.setString("sql-gateway.endpoint.fluss-enrich.port", "0");
        SqlGatewayEndpoint endpoint =
                SqlGatewayEndpointFactoryUtils.createSqlGatewayEndpoint(GATEWAY.getService(), conf)
                        .get(0);
        endpoint.start();
        return endpoint;
    }

    /** Runs Flink's SQL Client with {@code input} typed on a terminal; returns what it printed. */
    private static String runSqlClient(List<String> arguments, String input) throws Exception {
        List<String> args = new ArrayList<>(arguments);
        args.add(1, "--history");
        args.add(2, folder.resolve("history").toString());
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (Terminal terminal =
                TerminalUtils.createDumbTerminal(
                        new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), output)) {
            terminal.setSize(new Size(160, 80));
            Launcher.start(args.toArray(new String[0]), () -> terminal);
        }
        return output.toString(StandardCharsets.UTF_8);
    }

    /** The table rows the client printed (tableau mode), with runs of spaces squeezed. */
    private static List<String> rows(String output) {
        return output.lines()
                .map(line -> line.strip().replaceAll(" +", " "))
                .filter(line -> line.matches("\\| \\d+ \\|.*\\|"))
                .toList();
    }

    /** Reaches the client's test entry point, which takes the terminal to use. */
    private static final class Launcher extends SqlClient {
        private Launcher() {
            super(false, null, null);
        }

        static void start(String[] args, Supplier<Terminal> terminal) {
            startClient(args, terminal);
        }
    }
}
