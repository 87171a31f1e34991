/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.flussenrich.lake.LakeSqlSteps.awaitRows;
import static dev.flussenrich.lake.LakeSqlSteps.call;
import static dev.flussenrich.lake.LakeSqlSteps.expireDay;
import static dev.flussenrich.lake.LakeSqlSteps.tier;
import static dev.flussenrich.lake.LakeSqlSteps.writeDays;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A lake follows its table's groups: a group added later reaches the lake table without creating it
 * again (Paimon's or Iceberg's schema evolution) and the rows the lake held get its values (the
 * backfill); a group taken out of the lake leaves it. No read of ours sees a lake row without a
 * projected group's values.
 */
@ExtendWith(SharedFlussCluster.class)
class LakeGroupEvolutionITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    @TempDir Path warehouse;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"paimon", "iceberg"})
    void aGroupAddedLaterReachesTheLakeAndTheRowsItHeldAreFilled(String format) throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createTable(batch, "lake_add", format, "'column-groups.geo' = 'city'");
        writeBase(batch, table, 0, 6);
        enrich(batch, table, "geo", "city", "'city-' || CAST(id AS STRING)");
        tier(table);
        awaitRows(batch, "SELECT id FROM `" + table + "$lake`", 6);
        TieredLakeView lake = view(format, table);
        long schemaIdBefore = lake.schemaId();

        call(
                batch,
                "CALL enrich.sys.add_column_group('enrich_test."
                        + table
                        + "', 'risk', 'score DOUBLE')");
        writeBase(batch, table, 6, 8);
        enrich(batch, table, "geo", "city", "'city-' || CAST(id AS STRING)");

        // risk has enriched nothing yet: the lake gets the column, but its rows cannot be filled.
        assertThatThrownBy(() -> tier(table))
                .rootCause()
                .hasMessageMatching(
                        "Cannot fill the lake of 'enrich_test\\."
                                + table
                                + "' with columns \\[score\\] yet: their groups \\[risk\\] have"
                                + " enriched bucket [01] up to offset 0, but the lake holds its"
                                + " rows up to offset [1-6]\\. Let the groups' enrichment jobs"
                                + " catch up, then start the tiering again; until then lake"
                                + " reads leave these columns out\\.");
        assertThat(lake.columns())
                .containsExactly(
                        "id", "ip", "city", "score", "__bucket", "__offset", "__timestamp");
        assertThat(lake.tableProperties()).containsEntry("fluss-enrich.backfill-columns", "score");
        // Complete or absent: t$lake leaves the column out, a union read of it reads Fluss alone.
        assertThat(batch.from("`" + table + "$lake`").getResolvedSchema().getColumnNames())
                .containsExactly("id", "ip", "city", "__bucket", "__offset", "__timestamp");
        assertThatThrownBy(() -> FlinkSql.collect(batch, "SELECT score FROM `" + table + "$lake`"))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("Column 'score' not found");
        assertThat(FlinkSql.collect(batch, "SELECT id, city FROM `" + table + "$lake`")).hasSize(6);
        assertThat(FlinkSql.collect(batch, "SELECT id, score FROM " + table)).isEmpty();
        assertThat(FlinkSql.collect(batch, "SELECT id, city FROM " + table)).hasSize(8);

        enrich(batch, table, "risk", "score", "CAST(id AS DOUBLE) * 1.5");
        tier(table);
        String identity = "SELECT id, ip, city, score, _bucket, _offset FROM " + table;
        List<String> expected =
                FlinkSql.collect(
                        batch, identity + " /*+ OPTIONS('scan.startup.mode' = 'earliest') */");
        assertThat(expected).hasSize(8);
        List<String> inLake =
                awaitRows(
                        batch,
                        "SELECT id, ip, city, score, __bucket, __offset FROM `" + table + "$lake`",
                        8);
        assertThat(inLake).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(FlinkSql.collect(batch, identity))
                .as("the union read of the new group")
                .containsExactlyInAnyOrderElementsOf(expected);

        // The format's own reader: every row has its score, one lake table all along.
        assertThat(lake.tableProperties()).doesNotContainKey("fluss-enrich.backfill-columns");
        assertThat(lake.schemaId()).isGreaterThan(schemaIdBefore);
        assertThat(List.of(lake.identities().size(), lake.partialRows(), lake.offsetSum()))
                .as("rows, partial rows, offsets")
                .containsExactly(8, 0L, 8L);
        List<List<Object>> values = lake.values(4);
        List<List<Object>> expectedValues = new ArrayList<>();
        for (int id = 0; id < 8; id++) {
            expectedValues.add(
                    Arrays.asList(id, "10.0.0." + id, "city-" + id, Double.valueOf(id * 1.5)));
        }
        assertThat(values).containsExactlyInAnyOrderElementsOf(expectedValues);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"paimon", "iceberg"})
    void aGroupTakenOutOfTheLakeLeavesItsTable(String format) throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table =
                createTable(
                        batch,
                        "lake_drop",
                        format,
                        "'column-groups.geo' = 'city', 'column-groups.risk' = 'score',"
                                + " 'lake.groups' = 'geo, risk'");
        writeBase(batch, table, 0, 4);
        enrich(batch, table, "geo", "city", "'city-' || CAST(id AS STRING)");
        enrich(batch, table, "risk", "score", "CAST(id AS DOUBLE) * 1.5");
        tier(table);
        awaitRows(batch, "SELECT id FROM `" + table + "$lake`", 4);

        String drop = "CALL enrich.sys.drop_column_group('enrich_test." + table + "', 'risk')";
        assertThatThrownBy(() -> call(batch, drop))
                .rootCause()
                .hasMessage(
                        "Column group 'risk' of enrich_test."
                                + table
                                + " is in its lake ('lake.groups' = 'geo, risk'): take it out"
                                + " first (ALTER TABLE "
                                + table
                                + " SET ('lake.groups' = 'geo')), then drop it and start the"
                                + " tiering again.");
        batch.executeSql("ALTER TABLE " + table + " SET ('lake.groups' = 'geo')").await();
        call(batch, drop);
        writeBase(batch, table, 4, 5);
        enrich(batch, table, "geo", "city", "'city-' || CAST(id AS STRING)");
        tier(table);

        List<String> inLake = awaitRows(batch, "SELECT id, ip, city FROM `" + table + "$lake`", 5);
        List<String> expected = new ArrayList<>();
        for (int id = 0; id < 5; id++) {
            expected.add("+I[" + id + ", 10.0.0." + id + ", city-" + id + "]");
        }
        assertThat(inLake).containsExactlyInAnyOrderElementsOf(expected);
        TieredLakeView lake = view(format, table);
        assertThat(lake.columns())
                .containsExactly("id", "ip", "city", "__bucket", "__offset", "__timestamp");
        assertThat(lake.values(3))
                .containsExactlyInAnyOrderElementsOf(
                        expected.stream()
                                .map(row -> row.substring(3, row.length() - 1).split(", "))
                                .map(
                                        parts ->
                                                Arrays.<Object>asList(
                                                        Integer.valueOf(parts[0]),
                                                        parts[1],
                                                        parts[2]))
                                .toList());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"paimon", "iceberg"})
    void rowsWhoseBaseLeftFlussBeforeTheGroupCameKeepNull(String format) throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = SharedFlussCluster.newTablePath("lake_gone").getTableName();
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, dt STRING, city STRING) PARTITIONED BY (dt) WITH ("
                        + "'bucket.num' = '2', 'column-groups.geo' = 'city',"
                        + " 'table.datalake.format' = '"
                        + format
                        + "', 'lake.warehouse' = '"
                        + warehouse.toUri()
                        + "')");
        writeDays(batch, table, 0, 6);
        tier(table);
        awaitRows(batch, "SELECT id FROM `" + table + "$lake`", 6);

        // The old day expires in Fluss, then a group comes: it can enrich the new day only.
        expireDay(table, "old");
        call(
                batch,
                "CALL enrich.sys.add_column_group('enrich_test."
                        + table
                        + "', 'risk', 'score DOUBLE')");
        FlinkSql.await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'risk') */"
                                + " (_partition, _bucket, _offset, score) SELECT _partition,"
                                + " _bucket, _offset, CAST(id AS DOUBLE) * 1.5 FROM "
                                + table
                                + " /*+ OPTIONS('scan.startup.mode' = 'earliest') */"));
        tier(table);

        List<String> expected = new ArrayList<>();
        for (int id = 0; id < 6; id++) {
            expected.add(
                    "+I["
                            + id
                            + ", "
                            + (id < 3 ? "old" : "new")
                            + ", city-"
                            + id
                            + ", "
                            + (id < 3 ? "null" : Double.toString(id * 1.5))
                            + "]");
        }
        assertThat(awaitFilled(batch, "SELECT id, dt, city, score FROM `" + table + "$lake`"))
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(FlinkSql.collect(batch, "SELECT id, dt, city, score FROM " + table))
                .as("the union read: the old day from the lake only")
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    /** Reads a query of t$lake until it plans (the score column is there once filled). */
    private static List<String> awaitFilled(TableEnvironment sql, String query) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                return FlinkSql.collect(sql, query);
            } catch (ValidationException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
        }
    }

    private TieredLakeView view(String format, String table) throws Exception {
        return TieredLakeView.of(format, warehouse, SharedFlussCluster.DATABASE, table);
    }

    private String createTable(TableEnvironment sql, String prefix, String format, String groups) {
        String table = SharedFlussCluster.newTablePath(prefix).getTableName();
        sql.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING"
                        + (groups.contains("score") ? ", score DOUBLE" : "")
                        + ") WITH ('bucket.num' = '2', "
                        + groups
                        + ", 'table.datalake.format' = '"
                        + format
                        + "', 'lake.warehouse' = '"
                        + warehouse.toUri()
                        + "')");
        return table;
    }

    private static void writeBase(TableEnvironment sql, String table, int from, int to)
            throws Exception {
        List<String> values = new ArrayList<>();
        for (int id = from; id < to; id++) {
            values.add("(" + id + ", '10.0.0." + id + "')");
        }
        FlinkSql.await(
                sql.executeSql(
                        "INSERT INTO " + table + " (id, ip) VALUES " + String.join(", ", values)));
    }

    /** Enriches every row of {@code group} not enriched yet. */
    private static void enrich(
            TableEnvironment sql, String table, String group, String column, String expression)
            throws Exception {
        FlinkSql.await(
                sql.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = '"
                                + group
                                + "') */ (_bucket, _offset, "
                                + column
                                + ") SELECT _bucket, _offset, "
                                + expression
                                + " FROM "
                                + table
                                + " /*+ OPTIONS('scan.startup.mode' = 'earliest') */"));
    }
}
