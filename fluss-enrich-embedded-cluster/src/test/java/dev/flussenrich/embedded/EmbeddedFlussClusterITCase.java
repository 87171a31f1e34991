/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.embedded;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.DatabaseDescriptor;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

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
}
