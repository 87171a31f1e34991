/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.embedded.PlainSaslUsers;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SecuredFluss;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.security.acl.OperationType;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static dev.flussenrich.testutils.FlinkSql.await;
import static dev.flussenrich.testutils.FlinkSql.collect;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statement planner (behind the SQL Client, the gateway and {@link EnrichmentSql}) on a secured
 * Fluss cluster: it resolves tables through the catalog, so it runs as the catalog's user.
 */
class SecuredConciseSqlITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    @Test
    void theConciseInsertsRunAsTheCatalogsUser() throws Exception {
        PlainSaslUsers users =
                PlainSaslUsers.withSuperUser("admin", "admin-secret")
                        .user("enricher", "enricher-secret");
        TablePath table = TablePath.of("secured", "logs");
        TablePath companion = EnrichedTableLayout.companionPath(table, "geo");
        try (EmbeddedFlussCluster cluster =
                        EmbeddedFlussCluster.startSecured(1, new Configuration(), users);
                Connection asAdmin = ConnectionFactory.createConnection(cluster.clientConfig())) {
            asAdmin.getAdmin()
                    .createDatabase(table.getDatabaseName(), DatabaseDescriptor.EMPTY, false)
                    .get();
            EnrichmentSql.on(batchAs(cluster, users, "admin"))
                    .executeSql(
                            "CREATE TABLE logs (id INT, ip STRING, city STRING) WITH"
                                    + " ('bucket.num' = '2', 'bucket.key' = 'id',"
                                    + " 'column-groups.geo' = 'city')");
            SecuredFluss.grant(
                    cluster, asAdmin, "enricher", table, OperationType.READ, OperationType.WRITE);
            SecuredFluss.grant(
                    cluster,
                    asAdmin,
                    "enricher",
                    companion,
                    OperationType.READ,
                    OperationType.WRITE);

            TableEnvironment enricher = batchAs(cluster, users, "enricher");
            EnrichmentSql sql = EnrichmentSql.on(enricher);
            await(sql.executeSql("INSERT INTO logs VALUES (1, 'ip1'), (2, 'ip2')"));
            await(
                    sql.executeSql(
                            "INSERT INTO logs /*+ OPTIONS('enrichment.group' = 'geo') */"
                                    + " SELECT CONCAT('city-', ip) AS city FROM logs"));

            assertThat(collect(enricher, "SELECT id, ip, city FROM logs"))
                    .containsExactlyInAnyOrder("+I[1, ip1, city-ip1]", "+I[2, ip2, city-ip2]");
        }
    }

    private static TableEnvironment batchAs(
            EmbeddedFlussCluster cluster, PlainSaslUsers users, String user) {
        return SecuredFluss.batchWithCatalog(cluster, "secured", users.clientOptions(user));
    }
}
