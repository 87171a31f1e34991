/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static dev.flussenrich.lake.LakeSqlSteps.writeDays;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The standalone tiering job ({@link LakeTieringJob}), run as {@code flink run -c} runs it: its
 * main method on a Flink cluster, the lake being the one the table declares.
 */
@ExtendWith(SharedFlussCluster.class)
class LakeTieringJobITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    @TempDir Path warehouse;

    private String createTable(TableEnvironment sql, String prefix, String lakeOptions) {
        String table = SharedFlussCluster.newTablePath(prefix).getTableName();
        sql.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, dt STRING, city STRING) PARTITIONED BY (dt) WITH ("
                        + "'bucket.num' = '2', 'column-groups.geo' = 'city'"
                        + lakeOptions
                        + ")");
        return table;
    }

    @Test
    void theStandaloneJobTiersTheLakeATableDeclares() throws Exception {
        TableEnvironment sql = FlinkSql.batch();
        String table =
                createTable(sql, "lake_job", ", 'lake.warehouse' = '" + warehouse.toUri() + "'");
        writeDays(sql, table, 0, 7);

        LakeTieringJob.main(
                new String[] {
                    "--bootstrap.servers",
                    SharedFlussCluster.cluster().bootstrapServers(),
                    "--table",
                    SharedFlussCluster.DATABASE + "." + table,
                    "--bounded",
                    "--checkpoint.interval",
                    "200ms"
                });

        // main returns when the bounded job has ended: its last checkpoint committed.
        TieredLakeView lake =
                TieredLakeView.of("paimon", warehouse, SharedFlussCluster.DATABASE, table);
        List<String> expected =
                FlinkSql.collect(
                                sql,
                                "SELECT id, _bucket, _offset FROM "
                                        + table
                                        + " /*+ OPTIONS('scan.startup.mode' = 'earliest') */")
                        .stream()
                        .map(row -> row.replaceAll("\\+I\\[(\\d+), (\\d+), (\\d+)]", "$1@$2:$3"))
                        .sorted()
                        .toList();
        assertThat(expected).hasSize(7);
        assertThat(lake.identities()).isEqualTo(expected);
        assertThat(List.of(lake.partialRows(), lake.offsetSum())).containsExactly(0L, 7L);
    }

    @Test
    void aTableWithoutALakeOrAMissingArgumentIsNamed() throws Exception {
        String table = createTable(FlinkSql.batch(), "lake_job_none", "");
        String servers = SharedFlussCluster.cluster().bootstrapServers();
        String qualified = SharedFlussCluster.DATABASE + "." + table;

        assertThatThrownBy(
                        () ->
                                LakeTieringJob.main(
                                        new String[] {
                                            "--bootstrap.servers", servers, "--table", qualified
                                        }))
                .hasMessage(
                        "Table '"
                                + qualified
                                + "' has no lake: declare one with ALTER TABLE "
                                + table
                                + " SET ('lake.warehouse' = '<Paimon warehouse>'), then start the"
                                + " job again.");
        assertThatThrownBy(() -> LakeTieringJob.main(new String[] {"--table", qualified}))
                .hasMessage(
                        "--bootstrap.servers and --table are required. " + LakeTieringJob.USAGE);
        assertThatThrownBy(
                        () ->
                                LakeTieringJob.main(
                                        new String[] {
                                            "--bootstrap.servers", servers, "--tabel", qualified
                                        }))
                .hasMessage("Unknown option '--tabel'. " + LakeTieringJob.USAGE);
        assertThatThrownBy(
                        () ->
                                LakeTieringJob.main(
                                        new String[] {
                                            "--bootstrap.servers", servers, "--table", "no_dot"
                                        }))
                .hasMessage("Invalid --table: 'no_dot' is not 'database.table'.");
    }
}
