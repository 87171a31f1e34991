/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.server.zk.ZooKeeperClient;
import org.apache.fluss.server.zk.ZooKeeperUtils;
import org.apache.fluss.server.zk.data.BucketAssignment;
import org.apache.fluss.server.zk.data.TableAssignment;
import org.apache.fluss.server.zk.data.TableRegistration;

import java.util.HashMap;
import java.util.Map;

/**
 * Leaves a table in ZooKeeper the way Fluss 0.9.1 does when its coordinator misses the creation:
 * registered, with schema and bucket assignment, but never taken up by the coordinator. Writing the
 * table's node together with its registration (instead of the schema first) is exactly what the
 * coordinator does not see as a creation.
 */
public final class MissedTables {

    private MissedTables() {}

    /** Registers the table behind the coordinator's back on the shared cluster. */
    public static void register(TablePath path, TableDescriptor descriptor) throws Exception {
        Configuration conf = new Configuration();
        conf.setString(
                ConfigOptions.ZOOKEEPER_ADDRESS, SharedFlussCluster.cluster().zooKeeperAddress());
        try (ZooKeeperClient zooKeeper =
                ZooKeeperUtils.startZookeeperClient(
                        conf,
                        e -> {
                            throw new IllegalStateException(e);
                        })) {
            TableDescriptor withReplication =
                    TableDescriptor.builder(descriptor)
                            .property(ConfigOptions.TABLE_REPLICATION_FACTOR.key(), "1")
                            .build();
            long tableId = zooKeeper.getTableIdAndIncrement();
            zooKeeper.registerTable(path, TableRegistration.newTable(tableId, withReplication));
            zooKeeper.registerFirstSchema(path, descriptor.getSchema());
            if (descriptor.getPartitionKeys().isEmpty()) {
                int buckets =
                        descriptor.getTableDistribution().orElseThrow().getBucketCount().get();
                Map<Integer, BucketAssignment> assignment = new HashMap<>();
                for (int b = 0; b < buckets; b++) {
                    assignment.put(b, BucketAssignment.of(0));
                }
                zooKeeper.registerTableAssignment(tableId, new TableAssignment(assignment));
            }
        }
    }
}
