/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Flink's SQL Gateway REST API (v3), as any REST client uses it: open a session, submit a
 * statement, follow {@code nextResultUri} until the end of its result. For the gateway tests in
 * this module's JVM and the SQL jar's tests against a gateway process of its own.
 */
public final class SqlGatewayRestClient {

    private static final Duration STATEMENT_TIMEOUT = Duration.ofMinutes(2);

    private final RestCalls rest;

    public SqlGatewayRestClient(String host, int port) {
        this.rest = new RestCalls(host, port);
    }

    /** Any call of the API, e.g. {@code /v3/info}. */
    public RestCalls.Response get(String path) throws IOException, InterruptedException {
        return rest.get(path);
    }

    public Session openSession() throws IOException, InterruptedException {
        RestCalls.Response response = rest.post("/v3/sessions", Map.of());
        if (!response.ok()) {
            throw new AssertionError("Could not open a session: " + response);
        }
        return new Session(response.json().get("sessionHandle").asText());
    }

    /**
     * The rows an operation returned, each with its fields as a JSON array ({@code [1,"a"]}), and
     * the response that failed it, if it failed.
     */
    public record OperationResult(List<String> rows, RestCalls.Response failure) {

        public boolean failed() {
            return failure != null;
        }
    }

    /** A session of the gateway; closing it closes the session on the gateway. */
    public final class Session implements AutoCloseable {

        private final String handle;

        private Session(String handle) {
            this.handle = handle;
        }

        public String handle() {
            return handle;
        }

        /** Submits a statement; returns its operation handle. */
        public String submit(String statement) throws IOException, InterruptedException {
            RestCalls.Response response =
                    rest.post(
                            "/v3/sessions/" + handle + "/statements",
                            Map.of("statement", statement));
            if (!response.ok()) {
                throw new AssertionError(
                        "Submitting failed: " + statement + "\n" + describe(response));
            }
            return response.json().get("operationHandle").asText();
        }

        /**
         * Runs a statement to its end and returns the fields of every row as a JSON array ({@code
         * [1,"a"]}); fails with the gateway's error if the statement fails.
         */
        public List<String> execute(String statement) throws IOException, InterruptedException {
            OperationResult result = result(submit(statement));
            if (result.failed()) {
                throw new AssertionError(
                        "Statement failed: " + statement + "\n" + describe(result.failure()));
            }
            return result.rows();
        }

        /** Follows an operation's {@code nextResultUri} until the end of its result or an error. */
        public OperationResult result(String operation) throws IOException, InterruptedException {
            List<String> rows = new ArrayList<>();
            String next = operationPath(operation) + "/result/0?rowFormat=JSON";
            long deadline = System.nanoTime() + STATEMENT_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                RestCalls.Response response = rest.get(next);
                if (!response.ok()) {
                    return new OperationResult(rows, response);
                }
                JsonNode body = response.json();
                String type = body.get("resultType").asText();
                if (type.equals("PAYLOAD")) {
                    body.get("results")
                            .get("data")
                            .forEach(row -> rows.add(row.get("fields").toString()));
                }
                if (type.equals("EOS") || !body.hasNonNull("nextResultUri")) {
                    return new OperationResult(rows, null);
                }
                if (type.equals("NOT_READY")) {
                    Thread.sleep(20);
                }
                next = body.get("nextResultUri").asText();
            }
            throw new AssertionError(
                    "Operation " + operation + " did not finish within " + STATEMENT_TIMEOUT);
        }

        /** An operation's status, e.g. {@code RUNNING}, {@code FINISHED} or {@code ERROR}. */
        public String status(String operation) throws IOException, InterruptedException {
            RestCalls.Response response = rest.get(operationPath(operation) + "/status");
            if (!response.ok()) {
                throw new AssertionError("No status of " + operation + ": " + describe(response));
            }
            return response.json().get("status").asText();
        }

        @Override
        public void close() throws IOException, InterruptedException {
            rest.delete("/v3/sessions/" + handle);
        }

        private String operationPath(String operation) {
            return "/v3/sessions/" + handle + "/operations/" + operation;
        }
    }

    private static String describe(RestCalls.Response response) {
        return "HTTP " + response.status() + ":\n" + response.errors();
    }
}
