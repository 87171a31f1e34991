/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * JSON over HTTP against one of Flink's REST servers (a JobManager's, or a SQL Gateway's: see
 * {@link SqlGatewayRestClient}), as any REST client calls it. JSON through Flink's own shaded
 * Jackson, which every Flink class path has.
 */
public final class RestCalls {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final String baseUri;

    public RestCalls(String host, int port) {
        this.baseUri = "http://" + host + ":" + port;
    }

    /** A response: its status and body. */
    public record Response(int status, String body) {

        public JsonNode json() throws IOException {
            return JSON.readTree(body);
        }

        public boolean ok() {
            return status == 200;
        }

        /**
         * The messages of a REST error body ({@code {"errors": [...]}}), decoded, one per line; the
         * body as it is if it has none.
         */
        public String errors() {
            try {
                JsonNode errors = json().get("errors");
                if (errors != null) {
                    StringBuilder text = new StringBuilder();
                    errors.forEach(e -> text.append(e.asText()).append('\n'));
                    return text.toString();
                }
            } catch (IOException e) {
                // not JSON: the body as it is
            }
            return body;
        }

        @Override
        public String toString() {
            return "HTTP " + status + ": " + body;
        }
    }

    public Response get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    /** POSTs {@code body} as JSON. */
    public Response post(String path, Object body) throws IOException, InterruptedException {
        return send(
                HttpRequest.newBuilder(uri(path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    public Response delete(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).DELETE());
    }

    private URI uri(String path) {
        return URI.create(baseUri + path);
    }

    private static Response send(HttpRequest.Builder request)
            throws IOException, InterruptedException {
        HttpResponse<String> response =
                HTTP.send(
                        request.timeout(REQUEST_TIMEOUT).build(),
                        HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), response.body());
    }
}
