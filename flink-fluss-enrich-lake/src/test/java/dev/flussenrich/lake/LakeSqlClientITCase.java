/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.core.testutils.CommonTestUtils;
import org.apache.flink.table.client.SqlClient;
import org.apache.flink.table.client.cli.TerminalUtils;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/lake.md as a SQL Client user follows it: Flink's own SQL Client with the fluss-enrich
 * endpoint runs a script that declares the lake in the DDL, enriches with a concise INSERT, tiers
 * with CALL (waiting for the bounded job under {@code table.dml-sync}) and reads {@code t$lake} and
 * the union read.
 */
@ExtendWith(SharedFlussCluster.class)
class LakeSqlClientITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    @TempDir static Path folder;

    private static Map<String, String> originalEnvironment;

    @BeforeAll
    static void flinkConfigurationDirectory() throws Exception {
        Configuration cluster = FLINK.getClientConfiguration();
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

    @Test
    void aSqlClientUserDeclaresTiersAndReadsTheLake() throws Exception {
        String table = SharedFlussCluster.newTablePath("client_lake").getTableName();
        Path warehouse = Files.createDirectories(folder.resolve("warehouse"));
        Path script = folder.resolve(table + ".sql");
        Files.writeString(
                script,
                String.join(
                        "\n",
                        "SET 'table.dml-sync' = 'true';",
                        String.format(
                                "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich',"
                                        + " 'bootstrap.servers' = '%s', 'default-database' ="
                                        + " '%s');",
                                SharedFlussCluster.cluster().bootstrapServers(),
                                SharedFlussCluster.DATABASE),
                        "USE CATALOG enrich;",
                        "CREATE TABLE "
                                + table
                                + " (id INT, ip STRING, city STRING) WITH ('bucket.num' = '2',"
                                + " 'column-groups.geo' = 'city', 'lake.warehouse' = '"
                                + warehouse.toUri()
                                + "');",
                        "SET 'execution.runtime-mode' = 'batch';",
                        "INSERT INTO " + table + " VALUES (1, '10.0.0.1'), (2, '10.0.0.2');",
                        "INSERT INTO "
                                + table
                                + " /*+ enrichment.group='geo' */ SELECT CONCAT('city-', ip) AS"
                                + " city FROM "
                                + table
                                + ";",
                        "SET 'execution.runtime-mode' = 'streaming';",
                        "SET 'execution.checkpointing.interval' = '200ms';",
                        "CALL enrich.sys.tier_to_lake('"
                                + SharedFlussCluster.DATABASE
                                + "."
                                + table
                                + "', true);",
                        "SET 'execution.runtime-mode' = 'batch';",
                        "SELECT id, ip, city FROM `" + table + "$lake` ORDER BY id;",
                        "INSERT INTO " + table + " VALUES (3, '10.0.0.3');",
                        "INSERT INTO "
                                + table
                                + " /*+ enrichment.group='geo' */ SELECT CONCAT('city-', ip) AS"
                                + " city FROM "
                                + table
                                + ";",
                        "SELECT id, ip, city FROM " + table + " ORDER BY id;",
                        ""));

        String output = runSqlClient(List.of("embedded", "-f", script.toString()));

        assertThat(output).doesNotContain("[ERROR]");
        assertThat(rows(output))
                .as(
                        "t$lake: rows 1 and 2; then the union read: 1 and 2 from the lake, 3 from Fluss")
                .containsExactly(
                        "| 1 | 10.0.0.1 | city-10.0.0.1 |",
                        "| 2 | 10.0.0.2 | city-10.0.0.2 |",
                        "| 1 | 10.0.0.1 | city-10.0.0.1 |",
                        "| 2 | 10.0.0.2 | city-10.0.0.2 |",
                        "| 3 | 10.0.0.3 | city-10.0.0.3 |");
    }

    /** Runs Flink's SQL Client; returns what it printed. */
    private static String runSqlClient(List<String> arguments) throws Exception {
        List<String> args = new java.util.ArrayList<>(arguments);
        args.add(1, "--history");
        args.add(2, folder.resolve("history").toString());
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (Terminal terminal =
                TerminalUtils.createDumbTerminal(new ByteArrayInputStream(new byte[0]), output)) {
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
