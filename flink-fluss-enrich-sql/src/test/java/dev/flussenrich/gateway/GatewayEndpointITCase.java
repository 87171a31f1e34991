/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.testutils.CapturedLogs;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.SqlGatewayRestClient;
import dev.flussenrich.testutils.SqlGatewayRestClient.OperationResult;
import dev.flussenrich.testutils.SqlGatewayRestClient.Session;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpoint;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpointFactoryUtils;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.SqlGatewayRestEndpoint;
import org.apache.flink.table.gateway.service.utils.SqlGatewayServiceExtension;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The {@code fluss-enrich} SQL Gateway endpoint, created through its factory SPI and driven only
 * through Flink's SQL Gateway REST API, as any REST client would.
 */
@ExtendWith(SharedFlussCluster.class)
class GatewayEndpointITCase {

    @RegisterExtension
    @Order(1)
    static final MiniClusterExtension MINI_CLUSTER = FlinkSql.miniCluster();

    @RegisterExtension
    @Order(2)
    static final SqlGatewayServiceExtension GATEWAY =
            new SqlGatewayServiceExtension(MINI_CLUSTER::getClientConfiguration);

    private static SqlGatewayEndpoint endpoint;
    private static SqlGatewayRestClient rest;

    @BeforeAll
    static void startEndpoint() throws Exception {
        Configuration conf = new Configuration();
        conf.setString("sql-gateway.endpoint.type", "fluss-enrich");
        conf.setString("sql-gateway.endpoint.fluss-enrich.address", "127.0.0.1");
        conf.setString("sql-gateway.endpoint.fluss-enrich.port", "0");
        List<SqlGatewayEndpoint> endpoints =
                SqlGatewayEndpointFactoryUtils.createSqlGatewayEndpoint(GATEWAY.getService(), conf);
        assertThat(endpoints).singleElement().isInstanceOf(SqlGatewayRestEndpoint.class);
        endpoint = endpoints.get(0);
        endpoint.start();
        rest =
                new SqlGatewayRestClient(
                        "127.0.0.1", ((SqlGatewayRestEndpoint) endpoint).getRestPort());
    }

    @AfterAll
    static void stopEndpoint() throws Exception {
        if (endpoint != null) {
            endpoint.stop();
        }
    }

    @Test
    void conciseEnrichmentInsertsRunThroughTheRestApi() throws Exception {
        try (Session session = rest.openSession()) {
            String table = createDeviceLogs(session);
            // Two base columns, no column list: the planner adds (id, ip).
            session.execute(
                    "INSERT INTO " + table + " VALUES (1, 'host-a'), (2, 'host-b'), (3, 'host-c')");
            session.execute(
                    "INSERT INTO "
                            + table
                            + " /*+ OPTIONS('enrichment.group'='geo') */"
                            + " SELECT UPPER(ip) AS city FROM "
                            + table);
            session.execute(
                    "INSERT INTO "
                            + table
                            + " /*+ enrichment.group='label' */"
                            + " SELECT CONCAT(ip, '#', CAST(id AS STRING)) AS tag FROM "
                            + table);

            assertThat(session.execute("SELECT id, ip, city, tag FROM " + table + " ORDER BY id"))
                    .containsExactly(
                            "[1,\"host-a\",\"HOST-A\",\"host-a#1\"]",
                            "[2,\"host-b\",\"HOST-B\",\"host-b#2\"]",
                            "[3,\"host-c\",\"HOST-C\",\"host-c#3\"]");
        }
    }

    @Test
    void aRejectedConciseInsertFailsItsOperationWithThePlannersMessage() throws Exception {
        try (Session session = rest.openSession()) {
            String table = createDeviceLogs(session);
            String operation =
                    session.submit(
                            "INSERT INTO "
                                    + table
                                    + " /*+ OPTIONS('enrichment.group'='geo') */"
                                    + " SELECT UPPER(ip) AS city FROM "
                                    + table
                                    + " GROUP BY ip");

            OperationResult result = session.result(operation);
            assertThat(result.failed()).as("fetching the rejected statement's result").isTrue();
            assertThat(result.failure().status()).isEqualTo(500);
            assertThat(result.failure().errors())
                    .contains(
                            "Enrichment INSERT of group 'geo' into table '"
                                    + FlinkSql.CATALOG
                                    + "."
                                    + SharedFlussCluster.DATABASE
                                    + "."
                                    + table
                                    + "' is rejected: it has GROUP BY/HAVING; an enrichment value"
                                    + " belongs to one row, not to a group of rows. Compute"
                                    + " per-row values (aggregate when reading).");
            assertThat(session.status(operation)).isEqualTo("ERROR");
        }
    }

    /** A script deployed through the gateway (application mode) is planned like statements. */
    @Test
    void aDeployedScriptIsPlannedStatementByStatement() throws Exception {
        try (Session session = rest.openSession()) {
            String table = createDeviceLogs(session);
            SessionHandle handle = new SessionHandle(UUID.fromString(session.handle()));
            EnrichingSqlGatewayService service =
                    new EnrichingSqlGatewayService(GATEWAY.getService());
            String insert =
                    "INSERT INTO "
                            + table
                            + " /*+ enrichment.group='geo' */ SELECT %s(ip) AS city FROM "
                            + table;

            assertThat(
                            service.planScript(
                                    handle, "SET 'a' = 'b';\n" + String.format(insert, "UPPER")))
                    .isEqualTo(
                            "SET 'a' = 'b';\n"
                                    + "INSERT INTO `"
                                    + table
                                    + "` /*+ OPTIONS('enrichment.group'='geo') */ (`_bucket`,"
                                    + " `_offset`, `city`)\n"
                                    + "SELECT `_bucket`, `_offset`, UPPER(`ip`) AS `city`\n"
                                    + "FROM `"
                                    + table
                                    + "` /*+ OPTIONS('scan.startup.mode'='enrichment-watermark',"
                                    + " 'scan.startup.enrichment.group'='geo') */;\n");
            assertThatThrownBy(
                            () ->
                                    service.planScript(
                                            handle,
                                            "BEGIN STATEMENT SET;\n"
                                                    + String.format(insert, "UPPER")
                                                    + ";\n"
                                                    + String.format(insert, "LOWER")
                                                    + ";\nEND;"))
                    .isInstanceOf(EnrichmentPlanningException.class)
                    .hasMessageContaining("writes group 'geo' of table")
                    .hasMessageContaining("twice");

            // A statement set written as one statement is one statement of the script: its
            // INSERTs are planned, and two into one group refused. Before, the script was split at
            // the INSERTs' semicolons and went unplanned, the refusal too.
            assertThat(
                            service.planScript(
                                    handle,
                                    "Execute Statement Set Begin\n"
                                            + String.format(insert, "UPPER")
                                            + ";\nEnd;\nSET 'a' = 'b';"))
                    .isEqualTo(
                            "Execute Statement Set Begin\n"
                                    + "INSERT INTO `"
                                    + table
                                    + "` /*+ OPTIONS('enrichment.group'='geo') */ (`_bucket`,"
                                    + " `_offset`, `city`)\n"
                                    + "SELECT `_bucket`, `_offset`, UPPER(`ip`) AS `city`\n"
                                    + "FROM `"
                                    + table
                                    + "` /*+ OPTIONS('scan.startup.mode'='enrichment-watermark',"
                                    + " 'scan.startup.enrichment.group'='geo') */;\n"
                                    + "END;\n"
                                    + "SET 'a' = 'b';\n");
            assertThatThrownBy(
                            () ->
                                    service.planScript(
                                            handle,
                                            "EXECUTE STATEMENT SET BEGIN\n"
                                                    + String.format(insert, "UPPER")
                                                    + ";\n"
                                                    + String.format(insert, "LOWER")
                                                    + ";\nEND;"))
                    .isInstanceOf(EnrichmentPlanningException.class)
                    .hasMessageContaining("writes group 'geo' of table")
                    .hasMessageContaining("twice");
        }
    }

    /**
     * A password in a statement is in no log line and no error of the endpoint: the planner's debug
     * line shows the statement and its rewrite with the password hidden, and so does the refusal of
     * a statement set that writes a group twice, which shows both INSERTs.
     */
    @Test
    void aPasswordInAStatementIsInNoLogLineOrErrorOfTheEndpoint() throws Exception {
        String password = "pw-" + UUID.randomUUID();
        String secretHint =
                "/*+ OPTIONS('enrichment.group'='geo', 'client.security.sasl.password'='"
                        + password
                        + "') */";
        CapturedLogs logs = CapturedLogs.start();
        OperationResult refused;
        try (Session session = rest.openSession()) {
            String table = createDeviceLogs(session);
            session.execute("INSERT INTO " + table + " VALUES (1, 'host-a')");
            String insert =
                    "INSERT INTO "
                            + table
                            + " "
                            + secretHint
                            + " SELECT %s(ip) AS city FROM "
                            + table;
            session.execute(String.format(insert, "UPPER"));

            session.execute("BEGIN STATEMENT SET");
            session.execute(String.format(insert, "LOWER"));
            refused = session.result(session.submit(String.format(insert, "TRIM")));
            session.execute("END");
        } finally {
            logs.close();
        }

        assertThat(refused.failed()).isTrue();
        assertThat(refused.failure().errors())
                .contains("writes group 'geo' of table")
                .contains("'client.security.sasl.password'='******'")
                .doesNotContain(password);
        assertThat(logs.lines())
                .anyMatch(
                        line ->
                                line.startsWith("Session ")
                                        && line.contains(" runs\n")
                                        && line.contains(
                                                "'client.security.sasl.password'='******'"));
        assertThat(logs.lines()).noneMatch(line -> line.contains(password));
    }

    /** Makes the session batch (synchronous DML) on the fluss-enrich catalog; creates a table. */
    private static String createDeviceLogs(Session session) throws Exception {
        session.execute("SET 'execution.runtime-mode' = 'batch'");
        session.execute("SET 'table.dml-sync' = 'true'");
        session.execute(
                String.format(
                        "CREATE CATALOG %s WITH ('type' = 'fluss-enrich', 'bootstrap.servers' ="
                                + " '%s', 'default-database' = '%s')",
                        FlinkSql.CATALOG,
                        SharedFlussCluster.cluster().bootstrapServers(),
                        SharedFlussCluster.DATABASE));
        session.execute("USE CATALOG " + FlinkSql.CATALOG);
        String table = SharedFlussCluster.newTablePath("gateway").getTableName();
        session.execute(
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, tag STRING) WITH ('bucket.num' = '2',"
                        + " 'bucket.key' = 'id', 'column-groups.geo' = 'city',"
                        + " 'column-groups.label' = 'tag')");
        return table;
    }
}
