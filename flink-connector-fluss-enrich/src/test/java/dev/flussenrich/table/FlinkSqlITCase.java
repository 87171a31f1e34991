/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import static dev.flussenrich.testutils.FlinkSql.await;
import static dev.flussenrich.testutils.FlinkSql.collect;
import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(SharedFlussCluster.class)
class FlinkSqlITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    @Test
    void explicitEnrichmentThenStitchedBatchRead() throws Exception {
        String table = SharedFlussCluster.newTablePath("sql").getTableName();
        TableEnvironment batch = FlinkSql.batch();
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, country STRING) WITH ("
                        + "'bucket.num' = '2', 'bucket.key' = 'id',"
                        + " 'column-groups.geo' = 'city, country')");
        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " (id, ip) VALUES (1, '10.0.0.1'), (2, '10.0.0.2'), (3,"
                                + " '10.0.0.3')"));
        assertThat(collect(batch, "SELECT id, ip FROM " + table))
                .containsExactlyInAnyOrder("+I[1, 10.0.0.1]", "+I[2, 10.0.0.2]", "+I[3, 10.0.0.3]");
        assertThat(collect(batch, "SELECT id, city FROM " + table)).isEmpty();

        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo') */"
                                + " (_bucket, _offset, city, country)"
                                + " SELECT _bucket, _offset, CONCAT('city-', ip), 'XX' FROM "
                                + table));
        assertThat(collect(batch, "SELECT id, city, country, _offset >= 0 FROM " + table))
                .containsExactlyInAnyOrder(
                        "+I[1, city-10.0.0.1, XX, true]",
                        "+I[2, city-10.0.0.2, XX, true]",
                        "+I[3, city-10.0.0.3, XX, true]");
    }
}
