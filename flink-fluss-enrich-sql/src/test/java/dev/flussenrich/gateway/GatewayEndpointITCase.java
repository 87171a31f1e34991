/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
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

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    private static final Duration STATEMENT_TIMEOUT = Duration.ofMinutes(2);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static SqlGatewayEndpoint endpoint;
    private static String baseUri;

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
        baseUri = "http://127.0.0.1:" + ((SqlGatewayRestEndpoint) endpoint).getRestPort();
    }

    @AfterAll
    static void stopEndpoint() throws Exception {
        if (endpoint != null) {
            endpoint.stop();
        }
    }

    @Test
    void conciseEnrichmentInsertsRunThroughTheRestApi() throws Exception {
        String session = openSession();
        try {
            String table = createDeviceLogs(session);
            // Two base columns, no column list: the planner adds (id, ip).
            execute(
                    session,
                    "INSERT INTO " + table + " VALUES (1, 'host-a'), (2, 'host-b'), (3, 'host-c')");
            execute(
                    session,
                    "INSERT INTO "
                            + table
                            + " /*+ OPTIONS('enrichment.group'='geo') */"
                            + " SELECT UPPER(ip) AS city FROM "
                            + table);
            execute(
                    session,
                    "INSERT INTO "
                            + table
                            + " /*+ enrichment.group='label' */"
                            + " SELECT CONCAT(ip, '#', CAST(id AS STRING)) AS tag FROM "
                            + table);

            assertThat(execute(session, "SELECT id, ip, city, tag FROM " + table + " ORDER BY id"))
                    .containsExactly(
                            "[1,\"host-a\",\"HOST-A\",\"host-a#1\"]",
                            "[2,\"host-b\",\"HOST-B\",\"host-b#2\"]",
                            "[3,\"host-c\",\"HOST-C\",\"host-c#3\"]");
        } finally {
            closeSession(session);
        }
    }

    @Test
    void aRejectedConciseInsertFailsItsOperationWithThePlannersMessage() throws Exception {
        String session = openSession();
        try {
            String table = createDeviceLogs(session);
            String operation =
                    submit(
                            session,
                            "INSERT INTO "
                                    + table
                                    + " /*+ OPTIONS('enrichment.group'='geo') */"
                                    + " SELECT UPPER(ip) AS city FROM "
                                    + table
                                    + " GROUP BY ip");

            HttpResponse<String> failure = fetchUntilDone(session, operation, new ArrayList<>());
            assertThat(failure).as("fetching the rejected statement's result").isNotNull();
            assertThat(failure.statusCode()).isEqualTo(500);
            assertThat(errorText(failure))
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
            assertThat(
                            get("/v3/sessions/" + session + "/operations/" + operation + "/status")
                                    .body())
                    .contains("\"status\":\"ERROR\"");
        } finally {
            closeSession(session);
        }
    }

    /** A script deployed through the gateway (application mode) is planned like statements. */
    @Test
    void aDeployedScriptIsPlannedStatementByStatement() throws Exception {
        String session = openSession();
        try {
            String table = createDeviceLogs(session);
            SessionHandle handle = new SessionHandle(UUID.fromString(session));
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
        } finally {
            closeSession(session);
        }
    }

    /** Makes the session batch (synchronous DML) on the fluss-enrich catalog; creates a table. */
    private static String createDeviceLogs(String session) throws Exception {
        execute(session, "SET 'execution.runtime-mode' = 'batch'");
        execute(session, "SET 'table.dml-sync' = 'true'");
        execute(
                session,
                String.format(
                        "CREATE CATALOG %s WITH ('type' = 'fluss-enrich', 'bootstrap.servers' ="
                                + " '%s', 'default-database' = '%s')",
                        FlinkSql.CATALOG,
                        SharedFlussCluster.cluster().bootstrapServers(),
                        SharedFlussCluster.DATABASE));
        execute(session, "USE CATALOG " + FlinkSql.CATALOG);
        String table = SharedFlussCluster.newTablePath("gateway").getTableName();
        execute(
                session,
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, tag STRING) WITH ('bucket.num' = '2',"
                        + " 'bucket.key' = 'id', 'column-groups.geo' = 'city',"
                        + " 'column-groups.label' = 'tag')");
        return table;
    }

    // ---- the REST API ----

    private static String openSession() throws Exception {
        HttpResponse<String> response = post("/v3/sessions", Map.of());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body()).get("sessionHandle").asText();
    }

    private static void closeSession(String session) throws Exception {
        HTTP.send(
                HttpRequest.newBuilder(URI.create(baseUri + "/v3/sessions/" + session))
                        .DELETE()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String submit(String session, String statement) throws Exception {
        HttpResponse<String> response =
                post("/v3/sessions/" + session + "/statements", Map.of("statement", statement));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body()).get("operationHandle").asText();
    }

    /** Runs a statement to its end and returns the fields of every row as JSON arrays. */
    private static List<String> execute(String session, String statement) throws Exception {
        String operation = submit(session, statement);
        List<String> rows = new ArrayList<>();
        HttpResponse<String> failure = fetchUntilDone(session, operation, rows);
        assertThat(failure).as("error of %s: %s", statement, failure).isNull();
        return rows;
    }

    /** Follows nextResultUri until EOS; returns the failed response, or null on success. */
    private static HttpResponse<String> fetchUntilDone(
            String session, String operation, List<String> rows) throws Exception {
        long deadline = System.nanoTime() + STATEMENT_TIMEOUT.toNanos();
        String next =
                "/v3/sessions/" + session + "/operations/" + operation + "/result/0?rowFormat=JSON";
        while (System.nanoTime() < deadline) {
            HttpResponse<String> response = get(next);
            if (response.statusCode() != 200) {
                return response;
            }
            JsonNode body = JSON.readTree(response.body());
            String type = body.get("resultType").asText();
            if (type.equals("PAYLOAD")) {
                body.get("results")
                        .get("data")
                        .forEach(row -> rows.add(row.get("fields").toString()));
            }
            if (type.equals("EOS") || !body.hasNonNull("nextResultUri")) {
                return null;
            }
            if (type.equals("NOT_READY")) {
                Thread.sleep(20);
            }
            next = body.get("nextResultUri").asText();
        }
        throw new AssertionError("Operation " + operation + " did not finish in time");
    }

    /** The messages of a REST error body ({@code {"errors": [...]}}), decoded. */
    private static String errorText(HttpResponse<String> response) throws Exception {
        StringBuilder text = new StringBuilder();
        JSON.readTree(response.body())
                .get("errors")
                .forEach(e -> text.append(e.asText()).append('\n'));
        return text.toString();
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(baseUri + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, Object body) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(baseUri + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
