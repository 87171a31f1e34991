/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.flussenrich.lake.LakeSqlSteps.awaitRows;
import static dev.flussenrich.lake.LakeSqlSteps.call;
import static dev.flussenrich.lake.LakeSqlSteps.expireDay;
import static dev.flussenrich.lake.LakeSqlSteps.writeDays;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The lake through SQL alone, in the fluss-enrich catalog: declare it in the DDL or with ALTER
 * TABLE, tier with {@code CALL enrich.sys.tier_to_lake}, read {@code t$lake}.
 */
@ExtendWith(SharedFlussCluster.class)
class LakeSqlITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    @TempDir Path warehouse;

    private String createTable(TableEnvironment sql, String prefix, String lakeOptions) {
        String table = SharedFlussCluster.newTablePath(prefix).getTableName();
        sql.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, score DOUBLE) WITH ("
                        + "'bucket.num' = '2', 'column-groups.geo' = 'city',"
                        + " 'column-groups.risk' = 'score'"
                        + lakeOptions
                        + ")");
        return table;
    }

    private String warehouseOption() {
        return ", 'lake.warehouse' = '" + warehouse.toUri() + "'";
    }

    /** Base rows 0..rows-1 and their geo group; the risk group is never written. */
    private static void writeRows(TableEnvironment sql, String table, int rows) throws Exception {
        List<String> values = new ArrayList<>();
        for (int id = 0; id < rows; id++) {
            values.add("(" + id + ", '10.0.0." + id + "')");
        }
        FlinkSql.await(
                sql.executeSql(
                        "INSERT INTO " + table + " (id, ip) VALUES " + String.join(", ", values)));
        FlinkSql.await(
                sql.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo') */"
                                + " (_bucket, _offset, city) SELECT _bucket, _offset,"
                                + " 'city-' || CAST(id AS STRING) FROM "
                                + table));
    }

    @Test
    void aSqlUserDeclaresTiersAndReadsTheLake() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table =
                createTable(batch, "lake_sql", warehouseOption() + ", 'lake.groups' = 'geo'");
        assertThat(showCreate(batch, table))
                .contains("'lake.warehouse' = '" + warehouse.toUri() + "'")
                .contains("'lake.groups' = 'geo'");
        writeRows(batch, table, 6);

        // The lake waits for geo only: risk is not a lake group, and is never written.
        TableEnvironment streaming = FlinkSql.streaming();
        String job =
                call(streaming, "CALL enrich.sys.tier_to_lake('enrich_test." + table + "', true)");
        assertThat(job).matches("[0-9a-f]{32}");

        List<String> expected =
                FlinkSql.collect(batch, "SELECT id, ip, city, _bucket, _offset FROM " + table);
        List<String> lake =
                awaitRows(
                        batch,
                        "SELECT id, ip, city, __bucket, __offset FROM `" + table + "$lake`",
                        expected.size());
        assertThat(lake).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(lake).hasSize(6);
        assertThat(FlinkSql.collect(batch, "SELECT city FROM `" + table + "$lake` WHERE id = 4"))
                .containsExactly("+I[city-4]");
        assertThat(FlinkSql.collect(batch, "SELECT COUNT(*) FROM `" + table + "$lake`"))
                .containsExactly("+I[6]");
    }

    @Test
    void aLakeDeclaredLaterWithAlterTableIsShownAndCanBeReset() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createTable(batch, "lake_alter", "");
        assertThat(showCreate(batch, table)).doesNotContain("lake.");
        assertThatThrownBy(() -> FlinkSql.collect(batch, "SELECT * FROM `" + table + "$lake`"))
                .rootCause()
                .hasMessage(
                        "Table 'enrich_test."
                                + table
                                + "' has no lake, so '"
                                + table
                                + "$lake' does not exist: declare one with ALTER TABLE "
                                + table
                                + " SET ('lake.warehouse' = '<Paimon warehouse>').");

        batch.executeSql(
                "ALTER TABLE "
                        + table
                        + " SET ('lake.warehouse' = '"
                        + warehouse.toUri()
                        + "', 'lake.table' = 'lake_db.logs')");
        assertThat(showCreate(batch, table))
                .contains("'lake.warehouse' = '" + warehouse.toUri() + "'")
                .contains("'lake.table' = 'lake_db.logs'");
        writeRows(batch, table, 3);
        call(
                FlinkSql.streaming(),
                "CALL enrich.sys.tier_to_lake('enrich_test." + table + "', true)");
        // All groups by default: risk is never written, so the lake stays empty, complete rows
        // only.
        assertThat(FlinkSql.collect(batch, "SELECT COUNT(*) FROM `" + table + "$lake`"))
                .containsExactly("+I[0]");
        FileStoreTable lake = PaimonReads.table(warehouse, "lake_db", "logs");
        assertThat(lake.rowType().getFieldNames())
                .containsExactly(
                        "id", "ip", "city", "score", "__bucket", "__offset", "__timestamp");

        batch.executeSql("ALTER TABLE " + table + " RESET ('lake.table', 'lake.warehouse')");
        assertThat(showCreate(batch, table)).doesNotContain("lake.");
    }

    @Test
    void lakeMistakesAreNamedWhenTheStatementIsPlanned() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        assertThatThrownBy(() -> createTable(batch, "lake_bad", ", 'lake.groups' = 'geo'"))
                .rootCause()
                .hasMessageMatching(
                        "Table 'enrich_test\\.lake_bad_\\d+' has lake options but no"
                                + " 'lake\\.warehouse': set it to the Paimon warehouse, e\\.g\\."
                                + " 'file:///data/lake' or 's3://bucket/lake'\\.");
        assertThatThrownBy(
                        () ->
                                createTable(
                                        batch,
                                        "lake_bad",
                                        warehouseOption() + ", 'lake.groups' = 'geo, weather'"))
                .rootCause()
                .hasMessageMatching(
                        "Table 'enrich_test\\.lake_bad_\\d+' has no column group 'weather'"
                                + " \\(option 'lake\\.groups'\\); its groups are \\[geo, risk\\]\\.");
        assertThatThrownBy(
                        () ->
                                createTable(
                                        batch,
                                        "lake_bad",
                                        warehouseOption() + ", 'lake.path' = 'x'"))
                .rootCause()
                .hasMessageMatching(
                        "Unknown lake option 'lake\\.path' on table 'enrich_test\\.lake_bad_\\d+':"
                                + " the lake options are 'lake\\.warehouse', 'lake\\.table',"
                                + " 'lake\\.groups' and 'lake\\.catalog\\.<Paimon catalog"
                                + " option>'\\.");
        assertThatThrownBy(
                        () ->
                                createTable(
                                        batch,
                                        "lake_bad",
                                        warehouseOption() + ", 'table.datalake.format' = 'lance'"))
                .rootCause()
                .hasMessageMatching(
                        "Table 'enrich_test\\.lake_bad_\\d+' declares a lake, but its"
                                + " 'table\\.datalake\\.format' is 'lance': enriched tiering"
                                + " writes Paimon and Iceberg\\. Set 'table\\.datalake\\.format'"
                                + " to 'paimon' \\(the default when unset\\) or 'iceberg'\\.");
        assertThat(FlinkSql.collect(batch, "SHOW TABLES")).noneMatch(t -> t.contains("lake_bad"));

        String table = createTable(batch, "lake_none", "");
        assertThatThrownBy(
                        () ->
                                call(
                                        FlinkSql.streaming(),
                                        "CALL enrich.sys.tier_to_lake('enrich_test."
                                                + table
                                                + "')"))
                .rootCause()
                .hasMessage(
                        "Table 'enrich_test."
                                + table
                                + "' has no lake: declare one with ALTER TABLE "
                                + table
                                + " SET ('lake.warehouse' = '<Paimon warehouse>'), then CALL"
                                + " tier_to_lake again.");
        assertThatThrownBy(
                        () ->
                                batch.executeSql(
                                        "ALTER TABLE " + table + " SET ('lake.groups' = 'geo')"))
                .rootCause()
                .hasMessage(
                        "Table 'enrich_test."
                                + table
                                + "' has lake options but no 'lake.warehouse': set it to the"
                                + " Paimon warehouse, e.g. 'file:///data/lake' or"
                                + " 's3://bucket/lake'.");
        assertThat(showCreate(batch, table)).doesNotContain("lake.");
    }

    @Test
    void tieringFromSqlNeedsCheckpointing() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createTable(batch, "lake_nocp", warehouseOption());
        assertThatThrownBy(
                        () ->
                                call(
                                        FlinkSql.streamingWithoutCheckpoints(),
                                        "CALL enrich.sys.tier_to_lake('enrich_test."
                                                + table
                                                + "')"))
                .rootCause()
                .hasMessage(
                        "tier_to_lake commits to the lake when a checkpoint completes, but"
                                + " checkpointing is off: SET 'execution.checkpointing.interval'"
                                + " = '30s' (how fresh the lake is), then CALL tier_to_lake"
                                + " again.");
    }

    @Test
    void aBatchSelectReadsTheLakeThenTheLogEvenForAPartitionGoneFromFluss() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = SharedFlussCluster.newTablePath("lake_days").getTableName();
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, dt STRING, city STRING) PARTITIONED BY (dt) WITH ("
                        + "'bucket.num' = '2', 'column-groups.geo' = 'city'"
                        + warehouseOption()
                        + ")");
        writeDays(batch, table, 0, 6);
        String identity = "SELECT id, dt, city, _partition, _bucket, _offset FROM " + table;
        String fromFluss = identity + " /*+ OPTIONS('scan.startup.mode' = 'earliest') */";
        List<String> tiered = FlinkSql.collect(batch, fromFluss);
        assertThat(tiered).hasSize(6);

        call(
                FlinkSql.streaming(),
                "CALL enrich.sys.tier_to_lake('enrich_test." + table + "', true)");
        awaitRows(batch, "SELECT id FROM `" + table + "$lake`", 6);
        // A partition filter on t$lake goes to Paimon's planner: only the old day's files are read.
        String oldDayInLake = "SELECT id FROM `" + table + "$lake` WHERE dt = 'old'";
        assertThat(FlinkSql.collect(batch, oldDayInLake))
                .containsExactlyInAnyOrder("+I[0]", "+I[1]", "+I[2]");
        assertThat(batch.explainSql(oldDayInLake)).contains("filter=[=(dt, _UTF-16LE'old'");
        // On the table itself the filter goes to the log read too (Flink drops it from the plan):
        // only the old day's buckets are read from Fluss.
        String oldDayFromFluss =
                "SELECT id, dt FROM "
                        + table
                        + " /*+ OPTIONS('scan.startup.mode'"
                        + " = 'earliest') */ WHERE dt = 'old'";
        assertThat(FlinkSql.collect(batch, oldDayFromFluss))
                .containsExactlyInAnyOrder("+I[0, old]", "+I[1, old]", "+I[2, old]");
        assertThat(batch.explainSql(oldDayFromFluss))
                .contains("filter=[=(dt, _UTF-16LE'old'")
                .doesNotContain("where=");

        // The old day expires in Fluss; its rows live on in the lake. New rows reach Fluss only.
        expireDay(table, "old");
        writeDays(batch, table, 6, 8);
        List<String> inFluss = FlinkSql.collect(batch, fromFluss);
        assertThat(inFluss).hasSize(5).allMatch(row -> row.contains(", new, "));

        List<String> expected = new ArrayList<>(tiered);
        inFluss.stream().filter(row -> !expected.contains(row)).forEach(expected::add);
        assertThat(FlinkSql.collect(batch, identity))
                .as("lake (ids 0..5) then log (ids 6, 7), each row once")
                .containsExactlyInAnyOrderElementsOf(expected)
                .hasSize(8);
        assertThat(FlinkSql.collect(batch, "SELECT COUNT(*) FROM " + table + " WHERE dt = 'old'"))
                .containsExactly("+I[3]");
        // A partition filter of the union read goes to both parts: the lake plans the day's files
        // only, the log reads the day's buckets only.
        String newDay = "SELECT id, dt, city FROM " + table + " WHERE dt = 'new'";
        assertThat(FlinkSql.collect(batch, newDay))
                .as("ids 3..5 from the lake, 6 and 7 from the log")
                .containsExactlyInAnyOrder(
                        "+I[3, new, city-3]",
                        "+I[4, new, city-4]",
                        "+I[5, new, city-5]",
                        "+I[6, new, city-6]",
                        "+I[7, new, city-7]");
        assertThat(batch.explainSql(newDay))
                .contains("filter=[=(dt, _UTF-16LE'new'")
                .doesNotContain("where=");
        assertThat(FlinkSql.collect(batch, "SELECT id FROM " + table + " WHERE dt = 'old'"))
                .as("the old day lives in the lake alone now")
                .containsExactlyInAnyOrder("+I[0]", "+I[1]", "+I[2]");

        // A streaming read in mode 'full' (the default) starts in the lake too, then follows the
        // log.
        TableEnvironment streaming = FlinkSql.streaming();
        List<String> streamed = new ArrayList<>();
        try (CloseableIterator<Row> rows = streaming.executeSql(identity).collect()) {
            while (streamed.size() < 8 && rows.hasNext()) {
                streamed.add(rows.next().toString());
            }
        }
        assertThat(streamed).containsExactlyInAnyOrderElementsOf(expected);
    }

    private static String showCreate(TableEnvironment sql, String table) throws Exception {
        return FlinkSql.collect(sql, "SHOW CREATE TABLE " + table).get(0);
    }
}
