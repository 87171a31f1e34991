/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sqljar.session;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A session of Flink's SQL Gateway REST API (v3), as any REST client uses it: open the session,
 * submit a statement, follow {@code nextResultUri} until the end of the result.
 */
final class SqlGatewaySession implements AutoCloseable {

    private static final Duration STATEMENT_TIMEOUT = Duration.ofMinutes(2);

    private final RestCalls gateway;
    private final String handle;

    private SqlGatewaySession(RestCalls gateway, String handle) {
        this.gateway = gateway;
        this.handle = handle;
    }

    static SqlGatewaySession open(RestCalls gateway) throws Exception {
        RestCalls.Response response = gateway.post("/v3/sessions", Map.of());
        if (!response.ok()) {
            throw new IllegalStateException("Could not open a session: " + response);
        }
        return new SqlGatewaySession(gateway, response.json().get("sessionHandle").asText());
    }

    /**
     * Runs a statement to its end and returns the fields of every row as a JSON array ({@code
     * [1,"a"]}); fails with the gateway's error if the statement fails.
     */
    List<String> execute(String statement) throws Exception {
        RestCalls.Response submitted =
                gateway.post(
                        "/v3/sessions/" + handle + "/statements", Map.of("statement", statement));
        if (!submitted.ok()) {
            throw new AssertionError("Submitting failed: " + statement + "\n" + errors(submitted));
        }
        String operation = submitted.json().get("operationHandle").asText();
        List<String> rows = new ArrayList<>();
        String next =
                "/v3/sessions/" + handle + "/operations/" + operation + "/result/0?rowFormat=JSON";
        long deadline = System.nanoTime() + STATEMENT_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            RestCalls.Response response = gateway.get(next);
            if (!response.ok()) {
                throw new AssertionError(
                        "Statement failed: " + statement + "\n" + errors(response));
            }
            JsonNode body = response.json();
            String type = body.get("resultType").asText();
            if (type.equals("PAYLOAD")) {
                body.get("results")
                        .get("data")
                        .forEach(row -> rows.add(row.get("fields").toString()));
            }
            if (type.equals("EOS") || !body.hasNonNull("nextResultUri")) {
                return rows;
            }
            if (type.equals("NOT_READY")) {
                Thread.sleep(50);
            }
            next = body.get("nextResultUri").asText();
        }
        throw new AssertionError(
                "Statement did not finish within " + STATEMENT_TIMEOUT + ": " + statement);
    }

    /** The messages of a REST error body ({@code {"errors": [...]}}), or the raw response. */
    private static String errors(RestCalls.Response response) {
        try {
            StringBuilder text = new StringBuilder("HTTP " + response.status() + ":\n");
            response.json().get("errors").forEach(e -> text.append(e.asText()).append('\n'));
            return text.toString();
        } catch (Exception e) {
            return "HTTP " + response.status() + ": " + response.body();
        }
    }

    @Override
    public void close() throws Exception {
        gateway.delete("/v3/sessions/" + handle);
    }
}
