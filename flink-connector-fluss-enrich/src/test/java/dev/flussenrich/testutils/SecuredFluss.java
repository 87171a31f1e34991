/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.embedded.EmbeddedFlussCluster;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.security.acl.AccessControlEntry;
import org.apache.fluss.security.acl.AclBinding;
import org.apache.fluss.security.acl.FlussPrincipal;
import org.apache.fluss.security.acl.OperationType;
import org.apache.fluss.security.acl.PermissionType;
import org.apache.fluss.security.acl.Resource;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Grants and SQL catalogs for tests against a secured {@link EmbeddedFlussCluster}. */
public final class SecuredFluss {

    private SecuredFluss() {}

    /**
     * Grants {@code user} these operations on a table, as the super user behind {@code admin}, and
     * waits until every server enforces them.
     */
    public static void grant(
            EmbeddedFlussCluster cluster,
            Connection admin,
            String user,
            TablePath table,
            OperationType... operations)
            throws Exception {
        List<AclBinding> acls = new ArrayList<>();
        for (OperationType operation : operations) {
            acls.add(
                    new AclBinding(
                            Resource.table(table),
                            new AccessControlEntry(
                                    new FlussPrincipal(user, "User"),
                                    "*",
                                    operation,
                                    PermissionType.ALLOW)));
        }
        admin.getAdmin().createAcls(acls).all().get();
        cluster.awaitAcls(acls, true);
    }

    /** A batch environment using catalog {@code secured} with these client options. */
    public static TableEnvironment batchWithCatalog(
            EmbeddedFlussCluster cluster, String database, Map<String, String> clientOptions) {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tEnv.getConfig().set("parallelism.default", "2");
        tEnv.executeSql(catalogDdl(cluster, database, clientOptions));
        tEnv.useCatalog("secured");
        return tEnv;
    }

    /** {@code CREATE CATALOG secured ...} with these client options. */
    public static String catalogDdl(
            EmbeddedFlussCluster cluster, String database, Map<String, String> clientOptions) {
        return "CREATE CATALOG secured WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                + cluster.bootstrapServers()
                + "', 'default-database' = '"
                + database
                + "', "
                + sqlOptions(clientOptions)
                + ")";
    }

    /** Options as they go into a SQL {@code WITH} clause: {@code 'key' = 'value', ...}. */
    public static String sqlOptions(Map<String, String> options) {
        return options.entrySet().stream()
                .map(option -> "'" + option.getKey() + "' = '" + option.getValue() + "'")
                .collect(Collectors.joining(", "));
    }
}
