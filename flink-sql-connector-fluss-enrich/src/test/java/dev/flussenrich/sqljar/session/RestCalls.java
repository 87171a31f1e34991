/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sqljar.session;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** JSON over HTTP against one REST server (the JobManager's, or the SQL Gateway's). */
final class RestCalls {

    static final ObjectMapper JSON = new ObjectMapper();

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final String baseUri;

    RestCalls(String host, int port) {
        this.baseUri = "http://" + host + ":" + port;
    }

    /** A response: its status and body. */
    record Response(int status, String body) {

        JsonNode json() throws IOException {
            return JSON.readTree(body);
        }

        boolean ok() {
            return status == 200;
        }
    }

    Response get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    Response post(String path, Object body) throws IOException, InterruptedException {
        return send(
                HttpRequest.newBuilder(uri(path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    Response delete(String path) throws IOException, InterruptedException {
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
