/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.embedded;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.exception.AuthorizationException;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.security.acl.AccessControlEntry;
import org.apache.fluss.security.acl.AclBinding;
import org.apache.fluss.security.acl.FlussPrincipal;
import org.apache.fluss.security.acl.OperationType;
import org.apache.fluss.security.acl.PermissionType;
import org.apache.fluss.security.acl.Resource;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmbeddedFlussClusterITCase {

    @Test
    void startsServesClientsAndDeletesItsDataOnClose() throws Exception {
        Path dataDir;
        try (EmbeddedFlussCluster cluster = EmbeddedFlussCluster.start(2)) {
            dataDir = cluster.dataDir();
            assertThat(dataDir).isDirectory();
            try (Connection connection =
                            ConnectionFactory.createConnection(cluster.clientConfig());
                    Admin admin = connection.getAdmin()) {
                admin.createDatabase("embedded_check", DatabaseDescriptor.EMPTY, false).get();
                assertThat(admin.listDatabases().get()).contains("embedded_check");
                assertThat(admin.getServerNodes().get()).hasSize(3);
            }
        }
        assertThat(Files.exists(dataDir)).isFalse();
    }

    @Test
    void aSecuredClusterAuthenticatesUsersAndEnforcesAcls() throws Exception {
        PlainSaslUsers users =
                PlainSaslUsers.withSuperUser("admin", "admin-secret").user("guest", "guest-secret");
        try (EmbeddedFlussCluster cluster =
                        EmbeddedFlussCluster.startSecured(1, new Configuration(), users);
                Connection asAdmin = ConnectionFactory.createConnection(cluster.clientConfig());
                Connection asGuest =
                        ConnectionFactory.createConnection(cluster.clientConfig("guest"));
                Admin admin = asAdmin.getAdmin();
                Admin guest = asGuest.getAdmin()) {
            admin.createDatabase("secured_check", DatabaseDescriptor.EMPTY, false).get();
            assertThat(guest.listDatabases().get()).isEmpty();

            AclBinding describe =
                    new AclBinding(
                            Resource.database("secured_check"),
                            new AccessControlEntry(
                                    new FlussPrincipal("guest", "User"),
                                    "*",
                                    OperationType.DESCRIBE,
                                    PermissionType.ALLOW));
            admin.createAcls(List.of(describe)).all().get();
            cluster.awaitAcls(List.of(describe), true);
            assertThat(guest.listDatabases().get()).containsExactly("secured_check");

            assertThatThrownBy(
                            () ->
                                    guest.createDatabase(
                                                    "not_allowed", DatabaseDescriptor.EMPTY, false)
                                            .get())
                    .hasRootCauseInstanceOf(AuthorizationException.class);
        }
    }
}
