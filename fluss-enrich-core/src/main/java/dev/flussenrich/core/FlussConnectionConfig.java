/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.exception.AuthenticationException;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * How to reach a Fluss cluster: bootstrap servers plus Fluss client options. Serializable, so that
 * sources and sinks can ship it to their tasks and connect there.
 */
@PublicEvolving
public final class FlussConnectionConfig implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * Default per-bucket fetch size. Fluss's 1 MB is smaller than one Arrow batch of a wide table,
     * which stalls reads; 4 MB does not.
     */
    public static final String DEFAULT_FETCH_MAX_BYTES_FOR_BUCKET = "4mb";

    /**
     * Default longest wait of a fetch for new rows. Fluss 0.9.1's 500 ms is spent in full by a
     * reader at the log's end (measured: each hop of a pipeline adds about a uniform 0-500 ms), and
     * an enrichment pipeline has two such hops; 50 ms costs nothing while rows flow, since a fetch
     * then returns at once.
     */
    public static final String DEFAULT_FETCH_WAIT_MAX_TIME = "50ms";

    /**
     * Default rows a reader's poll takes at most (Fluss: 500). A stitched read holds each bucket's
     * base rows until their group rows come, and every bucket's first poll lands before any group
     * row does: with 60 buckets a reader held 60 polls of wide rows, several times its buffer bound
     * (performance.md, "Partitions"). Smaller polls cost nothing measurable.
     */
    public static final String DEFAULT_READER_MAX_POLL_RECORDS = "100";

    private final Map<String, String> options;

    private FlussConnectionConfig(Map<String, String> options) {
        this.options = Map.copyOf(options);
    }

    /**
     * @param bootstrapServers {@code host:port[,host:port]}
     * @param clientOptions Fluss client options ({@code client.*}), may be empty
     */
    public static FlussConnectionConfig of(
            String bootstrapServers, Map<String, String> clientOptions) {
        Map<String, String> options = new HashMap<>(clientOptions);
        options.put(ConfigOptions.BOOTSTRAP_SERVERS.key(), bootstrapServers);
        options.putIfAbsent(
                ConfigOptions.CLIENT_SCANNER_LOG_FETCH_MAX_BYTES_FOR_BUCKET.key(),
                DEFAULT_FETCH_MAX_BYTES_FOR_BUCKET);
        options.putIfAbsent(
                ConfigOptions.CLIENT_SCANNER_LOG_FETCH_WAIT_MAX_TIME.key(),
                DEFAULT_FETCH_WAIT_MAX_TIME);
        return new FlussConnectionConfig(options);
    }

    /**
     * The same connection as a stitched reader's: polls of {@link #DEFAULT_READER_MAX_POLL_RECORDS}
     * rows unless the user set them.
     */
    public FlussConnectionConfig forReaders() {
        return withDefault(
                ConfigOptions.CLIENT_SCANNER_LOG_MAX_POLL_RECORDS.key(),
                DEFAULT_READER_MAX_POLL_RECORDS);
    }

    /** The same connection with {@code key} set to {@code value} unless it is set already. */
    public FlussConnectionConfig withDefault(String key, String value) {
        Map<String, String> withDefault = new HashMap<>(options);
        withDefault.putIfAbsent(key, value);
        return new FlussConnectionConfig(withDefault);
    }

    public String bootstrapServers() {
        return options.get(ConfigOptions.BOOTSTRAP_SERVERS.key());
    }

    public Map<String, String> options() {
        return options;
    }

    public Configuration toConfiguration() {
        return Configuration.fromMap(options);
    }

    /**
     * Opens a new connection; the caller closes it. A refused login is an {@link
     * AuthenticationException} naming the servers and the user.
     */
    public Connection connect() {
        try {
            return ConnectionFactory.createConnection(toConfiguration());
        } catch (RuntimeException e) {
            AuthenticationException refused = authenticationFailureIn(e);
            if (refused == null) {
                throw e;
            }
            throw new AuthenticationException(
                    String.format(
                            "Fluss at '%s' refused the login of user '%s': %s. Check"
                                    + " 'client.security.sasl.username' and"
                                    + " 'client.security.sasl.password' (or"
                                    + " 'client.security.sasl.jaas.config').",
                            bootstrapServers(),
                            options.getOrDefault(
                                    ConfigOptions.CLIENT_SASL_JAAS_USERNAME.key(),
                                    "<from the JAAS configuration>"),
                            refused.getMessage()),
                    refused);
        }
    }

    private static AuthenticationException authenticationFailureIn(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof AuthenticationException authentication) {
                return authentication;
            }
        }
        return null;
    }
}
