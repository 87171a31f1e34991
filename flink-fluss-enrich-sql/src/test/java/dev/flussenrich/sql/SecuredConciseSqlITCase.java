/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.embedded.PlainSaslUsers;
import dev.flussenrich.testutils.FlinkSql;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.security.acl.AccessControlEntry;
import org.apache.fluss.security.acl.AclBinding;
import org.apache.fluss.security.acl.FlussPrincipal;
import org.apache.fluss.security.acl.OperationType;
import org.apache.fluss.security.acl.PermissionType;
import org.apache.fluss.security.acl.Resource;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.stream.Collectors;

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
            List<AclBinding> acls =
                    List.of(
                            allow("enricher", table, OperationType.READ),
                            allow("enricher", table, OperationType.WRITE),
                            allow("enricher", companion, OperationType.READ),
                            allow("enricher", companion, OperationType.WRITE));
            asAdmin.getAdmin().createAcls(acls).all().get();
            cluster.awaitAcls(acls, true);

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

    private static AclBinding allow(String user, TablePath table, OperationType operation) {
        return new AclBinding(
                Resource.table(table),
                new AccessControlEntry(
                        new FlussPrincipal(user, "User"), "*", operation, PermissionType.ALLOW));
    }

    private static TableEnvironment batchAs(
            EmbeddedFlussCluster cluster, PlainSaslUsers users, String user) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.getConfig().set("parallelism.default", "2");
        String security =
                users.clientOptions(user).entrySet().stream()
                        .map(option -> "'" + option.getKey() + "' = '" + option.getValue() + "'")
                        .collect(Collectors.joining(", "));
        tEnv.executeSql(
                "CREATE CATALOG secured WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                        + cluster.bootstrapServers()
                        + "', 'default-database' = 'secured', "
                        + security
                        + ")");
        tEnv.useCatalog("secured");
        return tEnv;
    }
}
