/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.PartitionInfo;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tables and partitions the connector creates are usable when the call returns: every bucket has a
 * leader before any client may ask a tablet server about it (see {@link BucketLeaders}).
 */
@ExtendWith(SharedFlussCluster.class)
class BucketLeadersITCase {

    private static final int BUCKETS = 7;

    @Test
    void awaitTableReturnsOnceEveryBucketHasALeader() throws Exception {
        Admin admin = SharedFlussCluster.admin();
        BucketLeaders leaders = new BucketLeaders(admin);
        // A leader is usually still being elected just after creation (checked: 16 of 20 tables
        // had none), so three tables leave a broken wait almost no chance to pass.
        int checked = 0;
        for (int attempt = 0; checked < 3 && attempt < 6; attempt++) {
            TablePath path = SharedFlussCluster.newTablePath("leaders");
            admin.createTable(path, TestTables.deviceLogs(BUCKETS), false).get();
            TableInfo info = admin.getTableInfo(path).get();
            if (leaders.awaitServed(info, null, Duration.ofSeconds(10))) {
                assertThat(leaderlessBuckets(info, null)).as("table %s", path).isEmpty();
                checked++;
            } // else the coordinator missed this table (see TableCreation)
        }
        assertThat(checked).isEqualTo(3);
    }

    @Test
    void ensureCreatesAPartitionOnceAndReturnsOnceEveryBucketHasALeader() throws Exception {
        Admin admin = SharedFlussCluster.admin();
        TablePath path = SharedFlussCluster.newTablePath("leaders_parts");
        // Created as the connector creates tables: a partition of a table the coordinator missed
        // is never served (and breaks the coordinator), which is not what this test is about.
        TableInfo info =
                new TableCreation(admin)
                        .create(
                                path,
                                TableDescriptor.builder()
                                        .schema(
                                                Schema.newBuilder()
                                                        .column("id", DataTypes.INT())
                                                        .column("dt", DataTypes.STRING())
                                                        .build())
                                        .partitionedBy("dt")
                                        .distributedBy(BUCKETS, "id")
                                        .build());
        admin.createPartition(path, new PartitionSpec(Map.of("dt", "2026-11-01")), false).get();
        PartitionCreator partitions = new PartitionCreator(admin, info);

        for (String dt : List.of("2026-11-02", "2026-11-03", "2026-11-04")) {
            assertThat(partitions.ensure(dt).getPartitionValues()).containsExactly(dt);
            assertThat(leaderlessBuckets(info, dt)).as("partition %s", dt).isEmpty();
        }
        // A partition somebody else created is awaited, not created again; a known one is cached.
        assertThat(partitions.ensure("2026-11-01").getPartitionValues())
                .containsExactly("2026-11-01");
        assertThat(partitions.ensure("2026-11-02").getPartitionValues())
                .containsExactly("2026-11-02");
        assertThat(admin.listPartitionInfos(path).get())
                .extracting(PartitionInfo::getPartitionName)
                .containsExactlyInAnyOrder("2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04");
    }

    @Test
    void createAndAddGroupReturnOnceEveryBucketOfTheirTablesHasALeader() throws Exception {
        Admin admin = SharedFlussCluster.admin();
        TablePath path = SharedFlussCluster.newTablePath("leaders_layout");
        EnrichedTables tables = new EnrichedTables(admin);
        tables.create(path, TestTables.deviceLogs(BUCKETS), false);
        tables.addGroup(path, "labels", List.of(new Schema.Column("label", DataTypes.STRING())));

        for (String group : List.of("labels", "risk", "geo")) {
            TablePath companion = EnrichedTableLayout.companionPath(path, group);
            assertThat(leaderlessBuckets(admin.getTableInfo(companion).get(), null))
                    .as("companion %s", companion)
                    .isEmpty();
        }
        assertThat(leaderlessBuckets(admin.getTableInfo(path).get(), null)).isEmpty();
    }

    /** Buckets of the table (or of one of its partitions) with no leader in ZooKeeper now. */
    private static List<Integer> leaderlessBuckets(TableInfo table, String partitionName)
            throws Exception {
        Long partitionId =
                partitionName == null
                        ? null
                        : SharedFlussCluster.admin()
                                .listPartitionInfos(table.getTablePath())
                                .get()
                                .stream()
                                .filter(p -> p.getPartitionName().equals(partitionName))
                                .findFirst()
                                .orElseThrow()
                                .getPartitionId();
        EmbeddedFlussCluster cluster = SharedFlussCluster.cluster();
        List<Integer> leaderless = new ArrayList<>();
        // Highest first: buckets are elected in order, the last one is the likeliest to lag.
        for (int b = table.getNumBuckets() - 1; b >= 0; b--) {
            if (cluster.currentLeaderOf(new TableBucket(table.getTableId(), partitionId, b))
                    .isEmpty()) {
                leaderless.add(b);
            }
        }
        return leaderless;
    }
}
