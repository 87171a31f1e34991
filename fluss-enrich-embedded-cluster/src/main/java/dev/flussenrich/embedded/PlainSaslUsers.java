/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.embedded;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The SASL/PLAIN users of a secured {@link EmbeddedFlussCluster}, one of them the super user.
 * Fluss's PLAIN login module reads them from the servers' JAAS configuration.
 */
@PublicEvolving
public final class PlainSaslUsers {

    private final String superUser;
    private final Map<String, String> passwords = new LinkedHashMap<>();

    private PlainSaslUsers(String superUser, String password) {
        this.superUser = superUser;
        passwords.put(superUser, password);
    }

    /** Users with one super user, who may do everything whatever the ACLs say. */
    public static PlainSaslUsers withSuperUser(String name, String password) {
        return new PlainSaslUsers(name, password);
    }

    /** Adds a user whose rights are the ACLs granted to {@code User:name}. */
    public PlainSaslUsers user(String name, String password) {
        passwords.put(name, password);
        return this;
    }

    public String superUser() {
        return superUser;
    }

    /** The client options that authenticate as {@code user} ({@code client.security.*}). */
    public Map<String, String> clientOptions(String user) {
        String password = passwords.get(user);
        if (password == null) {
            throw new IllegalArgumentException(
                    "'" + user + "' is not a user of this cluster (users: " + passwords.keySet());
        }
        Map<String, String> options = new LinkedHashMap<>();
        options.put("client.security.protocol", "sasl");
        options.put("client.security.sasl.mechanism", "PLAIN");
        options.put("client.security.sasl.username", user);
        options.put("client.security.sasl.password", password);
        return options;
    }

    /** Server settings: SASL/PLAIN on {@code listener}, ACLs enforced, the super user. */
    void secure(Configuration serverConf, String listener) {
        serverConf.setString(ConfigOptions.SERVER_SECURITY_PROTOCOL_MAP.key(), listener + ":sasl");
        serverConf.setString("security.sasl.enabled.mechanisms", "PLAIN");
        StringBuilder jaas =
                new StringBuilder(
                        "org.apache.fluss.security.auth.sasl.plain.PlainLoginModule required");
        passwords.forEach(
                (user, password) ->
                        jaas.append(" user_")
                                .append(user)
                                .append("=\"")
                                .append(password)
                                .append('"'));
        serverConf.setString("security.sasl.plain.jaas.config", jaas.append(';').toString());
        serverConf.set(ConfigOptions.SUPER_USERS, "User:" + superUser);
        serverConf.set(ConfigOptions.AUTHORIZER_ENABLED, true);
    }
}
