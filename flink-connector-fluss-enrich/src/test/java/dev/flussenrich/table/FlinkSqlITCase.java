/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.flussenrich.testutils.FlinkSql.await;
import static dev.flussenrich.testutils.FlinkSql.collect;
import static dev.flussenrich.testutils.GeoSql.createDeviceLogs;
import static dev.flussenrich.testutils.GeoSql.enrichGeo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading and writing logical tables from Flink SQL, explicit enrichment form. */
@ExtendWith(SharedFlussCluster.class)
class FlinkSqlITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    @Test
    void explicitEnrichmentThenStitchedBatchRead() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "sql", 2);
        appendThreeDevices(batch, table);
        assertThat(collect(batch, "SELECT id, ip FROM " + table))
                .containsExactlyInAnyOrder("+I[1, 10.0.0.1]", "+I[2, 10.0.0.2]", "+I[3, 10.0.0.3]");
        assertThat(collect(batch, "SELECT id, city FROM " + table)).isEmpty();

        await(batch.executeSql(enrichGeo(table)));
        assertThat(collect(batch, "SELECT * FROM " + table))
                .hasSize(3)
                .allMatch(
                        row ->
                                row.matches(
                                        "\\+I\\[\\d, 10.0.0.\\d, city-10.0.0.\\d, XX, \\d, \\d, .*\\]"));
        assertThat(collect(batch, "SELECT id, city, country FROM " + table))
                .containsExactlyInAnyOrder(
                        "+I[1, city-10.0.0.1, XX]",
                        "+I[2, city-10.0.0.2, XX]",
                        "+I[3, city-10.0.0.3, XX]");
        // Enriching again is a replay: nothing changes, nothing is duplicated.
        await(batch.executeSql(enrichGeo(table)));
        assertThat(collect(batch, "SELECT id, city FROM " + table)).hasSize(3);
    }

    /** Base rows 1, 2 and 3, with ips 10.0.0.1 to 10.0.0.3. */
    private static void appendThreeDevices(TableEnvironment batch, String table) throws Exception {
        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " (id, ip) VALUES (1, '10.0.0.1'), (2, '10.0.0.2'), (3,"
                                + " '10.0.0.3')"));
    }

    @Test
    void aReadOfTheIdentityAloneSeesEveryBaseRow() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "sql", 1);
        await(batch.executeSql("INSERT INTO " + table + " (id, ip) VALUES (1, 'a'), (2, 'b')"));

        // No physical column is read: the source reads the base's narrowest column.
        assertThat(collect(batch, "SELECT _bucket, _offset FROM " + table))
                .containsExactlyInAnyOrder("+I[0, 0]", "+I[0, 1]");
    }

    @Test
    void aStreamingReaderOfTheGroupSeesRowsAsEnrichmentLandsAndNeverAPartialRow() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "sql", 1);
        await(batch.executeSql("INSERT INTO " + table + " (id, ip) VALUES (1, 'a'), (2, 'b')"));

        TableEnvironment streaming = FlinkSql.streaming();
        TableResult reader = streaming.executeSql("SELECT id, city FROM " + table);
        TableResult baseReader = streaming.executeSql("SELECT id, ip FROM " + table);
        TableResult enricher = streaming.executeSql(enrichGeo(table));
        try (CloseableIterator<Row> rows = reader.collect();
                CloseableIterator<Row> baseRows = baseReader.collect()) {
            // Offsets follow the (parallel) insertion order, so compare without them.
            assertThat(next(baseRows, 2)).containsExactlyInAnyOrder("+I[1, a]", "+I[2, b]");
            assertThat(next(rows, 2)).containsExactlyInAnyOrder("+I[1, city-a]", "+I[2, city-b]");
            await(batch.executeSql("INSERT INTO " + table + " (id, ip) VALUES (3, 'c')"));
            assertThat(next(baseRows, 1)).containsExactly("+I[3, c]");
            assertThat(next(rows, 1)).containsExactly("+I[3, city-c]");
        } finally {
            enricher.getJobClient().orElseThrow().cancel().get();
            reader.getJobClient().orElseThrow().cancel().get();
            baseReader.getJobClient().orElseThrow().cancel().get();
        }
        assertThat(collect(batch, "SELECT id, city FROM " + table))
                .containsExactlyInAnyOrder("+I[1, city-a]", "+I[2, city-b]", "+I[3, city-c]");
    }

    /** {@code (VALUES (first), ..., (last))}. */
    private static String valuesFrom(int first, int last) {
        List<String> values = new ArrayList<>();
        for (int value = first; value <= last; value++) {
            values.add("(" + value + ")");
        }
        return "(VALUES " + String.join(", ", values) + ")";
    }

    private static List<String> next(CloseableIterator<Row> rows, int count) {
        List<String> out = new ArrayList<>();
        while (out.size() < count && rows.hasNext()) {
            out.add(rows.next().toString());
        }
        return out;
    }

    /**
     * The INSERT's column list makes the planner hand the sink the table's whole row, its other
     * columns NULL. Before, that row crossed the network to the writers as it was: the base columns
     * with it, once per group of a statement set.
     */
    @Test
    void theWritersGetTheIdentityAndTheGroupColumnsAloneOverTheNetwork() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "sql_narrow", 2);
        String explained = batch.explainSql(enrichGeo(table), ExplainDetail.JSON_EXECUTION_PLAN);
        String executionPlan =
                explained.substring(
                        explained.indexOf("{", explained.indexOf("== Physical Execution Plan")));
        JsonNode nodes = new ObjectMapper().readTree(executionPlan).get("nodes");
        Map<Integer, String> names = new HashMap<>();
        for (JsonNode node : nodes) {
            names.put(node.get("id").asInt(), node.get("contents").asText());
        }
        List<String> shuffledToTheWriters = new ArrayList<>();
        for (JsonNode node : nodes) {
            if (!node.get("contents").asText().endsWith("Writer")) {
                continue;
            }
            for (JsonNode input : node.get("predecessors")) {
                shuffledToTheWriters.add(
                        input.get("ship_strategy").asText()
                                + " from "
                                + names.get(input.get("id").asInt())
                                        .replaceAll("^[^:]*\\]: ?", ""));
            }
        }
        assertThat(shuffledToTheWriters).containsExactly("CUSTOM from Narrow to group geo");
    }

    /**
     * The narrowing runs chained to the planner's projection; with chaining disabled the planner's
     * rows cross to it serialized, and on Flink 2.x the adaptive batch scheduler runs the
     * projection at parallelism 1 (three rows): its edge to the narrowing must stay one to one, or
     * a bucket's rows reach the writer out of order and the gap check stops the job.
     */
    @Test
    void aJobWithoutOperatorChainingWritesTheSameGroupRows() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        batch.getConfig().set("pipeline.operator-chaining.enabled", "false");
        String table = createDeviceLogs(batch, "sql_unchained", 2);
        appendThreeDevices(batch, table);
        await(batch.executeSql(enrichGeo(table)));
        assertThat(collect(batch, "SELECT id, ip, city, country FROM " + table))
                .containsExactlyInAnyOrder(
                        "+I[1, 10.0.0.1, city-10.0.0.1, XX]",
                        "+I[2, 10.0.0.2, city-10.0.0.2, XX]",
                        "+I[3, 10.0.0.3, city-10.0.0.3, XX]");
    }

    /**
     * The chained narrowing reads the planner's rows without Flink's copy of each, while the source
     * and the projection reuse theirs from row to row: the values reach the writers as they were,
     * the base row's own ip among them, for more rows than one fetch of a bucket holds.
     */
    @Test
    void theChainedNarrowingWritesEveryRowsOwnValuesWithoutACopyOfTheRow() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "sql_uncopied", 3);
        List<String> expected = new ArrayList<>();
        for (int id = 1; id <= 600; id++) {
            expected.add("+I[" + id + ", 10.1." + id + ", c-" + id + "]");
        }
        // Ids 1 to 600, as t * 25 + u.
        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " (id, ip) SELECT t * 25 + u, CONCAT('10.1.', CAST(t * 25 + u"
                                + " AS STRING)) FROM "
                                + valuesFrom(0, 23)
                                + " AS tens(t), "
                                + valuesFrom(1, 25)
                                + " AS units(u)"));
        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo') */"
                                + " (_bucket, _offset, city, country)"
                                + " SELECT _bucket, _offset, ip, CONCAT('c-', CAST(id AS STRING))"
                                + " FROM "
                                + table));
        assertThat(collect(batch, "SELECT id, city, country FROM " + table))
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    /**
     * One INSERT naming two groups: the planner's row is narrowed once to the identity and both
     * groups' columns, crosses the network once, and one writer per bucket writes both companions.
     */
    @Test
    void oneInsertWritesTwoGroupsThroughOneExchange() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = SharedFlussCluster.newTablePath("sql_two_groups").getTableName();
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, country STRING, score DOUBLE) WITH"
                        + " ('bucket.num' = '2', 'bucket.key' = 'id', 'column-groups.geo' = 'city,"
                        + " country', 'column-groups.risk' = 'score')");
        appendThreeDevices(batch, table);
        String both =
                "INSERT INTO "
                        + table
                        + " /*+ OPTIONS('enrichment.group' = 'risk, geo') */"
                        + " (_bucket, _offset, score, city)"
                        + " SELECT _bucket, _offset, CAST(id AS DOUBLE) / 2, CONCAT('city-', ip)"
                        + " FROM "
                        + table;
        assertThat(batch.explainSql(both, ExplainDetail.JSON_EXECUTION_PLAN))
                .contains("Narrow to groups risk, geo")
                .doesNotContain("Narrow to group ");
        await(batch.executeSql(both));
        assertThat(collect(batch, "SELECT id, city, country, score FROM " + table))
                .containsExactlyInAnyOrder(
                        "+I[1, city-10.0.0.1, null, 0.5]",
                        "+I[2, city-10.0.0.2, null, 1.0]",
                        "+I[3, city-10.0.0.3, null, 1.5]");
        // Writing both again is a replay for each group: nothing changes, nothing is duplicated.
        await(batch.executeSql(both));
        assertThat(collect(batch, "SELECT id, city, score FROM " + table)).hasSize(3);
    }

    @Test
    void aPartitionedTableIsEnrichedAndReadPerPartition() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = SharedFlussCluster.newTablePath("sql_parted").getTableName();
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, dt STRING, city STRING) PARTITIONED BY (dt) WITH ("
                        + "'bucket.num' = '2', 'bucket.key' = 'id', 'column-groups.geo' = 'city')");
        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " (id, dt) VALUES (1, '2026-01-01'), (2, '2026-01-01'), (3,"
                                + " '2026-01-02')"));
        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo') */"
                                + " (_partition, _bucket, _offset, city)"
                                + " SELECT _partition, _bucket, _offset, CONCAT('c', CAST(id AS"
                                + " STRING)) FROM "
                                + table));
        assertThat(collect(batch, "SELECT id, dt, city, _partition FROM " + table))
                .containsExactlyInAnyOrder(
                        "+I[1, 2026-01-01, c1, 2026-01-01]",
                        "+I[2, 2026-01-01, c2, 2026-01-01]",
                        "+I[3, 2026-01-02, c3, 2026-01-02]");
    }

    @Test
    void showCreateTableRoundTrips() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "sql", 3);
        String ddl = showCreate(batch, table);
        assertThat(ddl)
                .contains("`id` INT")
                .contains("`city` VARCHAR(2147483647)")
                .contains("`_bucket` INT METADATA FROM 'bucket'")
                .contains("`_offset` BIGINT METADATA FROM 'offset'")
                .contains(
                        "`_timestamp` TIMESTAMP(3) WITH LOCAL TIME ZONE METADATA FROM 'timestamp'"
                                + " VIRTUAL")
                .contains("'column-groups.geo' = 'city, country'")
                .contains("'bucket.num' = '3'")
                .contains("'bucket.key' = 'id'");
        batch.executeSql("DROP TABLE " + table);
        assertThat(collect(batch, "SHOW TABLES")).doesNotContain("+I[" + table + "]");
        batch.executeSql(ddl);
        assertThat(showCreate(batch, table)).isEqualTo(ddl);
    }

    /** Comments, Fluss table options and custom options survive CREATE TABLE and read back. */
    @Test
    void createTableKeepsCommentsAndOptions() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = SharedFlussCluster.newTablePath("options").getTableName();
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT COMMENT 'the device', ip STRING, city STRING COMMENT 'from ip')"
                        + " COMMENT 'device logs' WITH ('bucket.num' = '2',"
                        + " 'table.log.ttl' = '2d', 'team' = 'geo',"
                        + " 'column-groups.geo' = 'city')");
        assertThat(showCreate(batch, table))
                .contains("`id` INT COMMENT 'the device'")
                .contains("`city` VARCHAR(2147483647) COMMENT 'from ip'")
                .contains("COMMENT 'device logs'")
                .contains("'table.log.ttl' = '2d'")
                .contains("'team' = 'geo'")
                .contains("'bucket.num' = '2'")
                .doesNotContain("'bucket.key'");
    }

    /** What a logical table cannot hold is refused at CREATE TABLE, naming the table. */
    @Test
    void createTableRefusesKeysWatermarksAndComputedColumns() {
        TableEnvironment batch = FlinkSql.batch();
        String table = SharedFlussCluster.newTablePath("refused").getTableName();
        String path = SharedFlussCluster.DATABASE + "." + table;
        assertThatThrownBy(
                        () ->
                                batch.executeSql(
                                        "CREATE TABLE "
                                                + table
                                                + " (id INT, PRIMARY KEY (id) NOT ENFORCED)"))
                .rootCause()
                .hasMessage(
                        "Table '"
                                + path
                                + "' declares a primary key: the fluss-enrich catalog stores log"
                                + " tables only (primary-key tables already support partial"
                                + " updates). Create it in Fluss's own catalog ('type' ="
                                + " 'fluss') instead.");
        assertThatThrownBy(
                        () ->
                                batch.executeSql(
                                        "CREATE TABLE "
                                                + table
                                                + " (id INT, ts TIMESTAMP(3),"
                                                + " WATERMARK FOR ts AS ts)"))
                .rootCause()
                .hasMessage(
                        "Table '"
                                + path
                                + "' declares a watermark: the fluss-enrich catalog does not"
                                + " store watermarks. Declare it where the table is read, e.g."
                                + " CREATE TEMPORARY TABLE ... (WATERMARK FOR ...) LIKE the"
                                + " table.");
        assertThatThrownBy(
                        () ->
                                batch.executeSql(
                                        "CREATE TABLE " + table + " (id INT, twice AS id * 2)"))
                .rootCause()
                .hasMessage(
                        "Column 'twice' of table '"
                                + path
                                + "' is not supported: fluss-enrich tables have physical columns"
                                + " plus the metadata columns _partition, _bucket, _offset,"
                                + " _timestamp.");
    }

    private static String showCreate(TableEnvironment tEnv, String table) throws Exception {
        try (CloseableIterator<Row> it = tEnv.executeSql("SHOW CREATE TABLE " + table).collect()) {
            return String.valueOf(it.next().getField(0));
        }
    }

    @Test
    void showTablesHidesCompanionsAndDropTableDropsThem() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "sql", 1);
        assertThat(collect(batch, "SHOW TABLES"))
                .contains("+I[" + table + "]")
                .noneMatch(row -> row.contains("--enrich--"));
        batch.executeSql("DROP TABLE " + table);
        assertThat(SharedFlussCluster.admin().listTables(SharedFlussCluster.DATABASE).get())
                .noneMatch(name -> name.startsWith(table + "--") || name.equals(table));
    }

    /** The catalog answers a missing table and a companion's name alike: not found. */
    @Test
    void aMissingTableAndACompanionNameAreNotFound() {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "sql_not_found", 1);
        String companion = table + "--enrich--geo";
        assertThatThrownBy(() -> batch.executeSql("SELECT * FROM `" + companion + "`"))
                .hasMessageContaining("Object '" + companion + "' not found");
        assertThatThrownBy(() -> batch.executeSql("SELECT * FROM " + table + "_missing"))
                .hasMessageContaining("Object '" + table + "_missing' not found");
        assertThatThrownBy(() -> batch.executeSql("SELECT * FROM `" + table + "_missing$lake`"))
                .hasMessageContaining("Object '" + table + "_missing$lake' not found");
    }

    @Test
    void aStreamingReadPicksUpPartitionsCreatedAfterItStarted() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = SharedFlussCluster.newTablePath("sql_new_parts").getTableName();
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, dt STRING, city STRING) PARTITIONED BY (dt) WITH ("
                        + "'bucket.num' = '1', 'column-groups.geo' = 'city')");
        await(batch.executeSql("INSERT INTO " + table + " (id, dt) VALUES (1, 'p1')"));
        TableResult reader =
                FlinkSql.streaming()
                        .executeSql(
                                "SELECT id, dt, _partition FROM "
                                        + table
                                        + " /*+ OPTIONS('scan.partition.discovery.interval' ="
                                        + " '200 ms') */");
        try (CloseableIterator<Row> rows = reader.collect()) {
            assertThat(next(rows, 1)).containsExactly("+I[1, p1, p1]");
            await(batch.executeSql("INSERT INTO " + table + " (id, dt) VALUES (2, 'p2')"));
            assertThat(next(rows, 1)).containsExactly("+I[2, p2, p2]");
        } finally {
            reader.getJobClient().orElseThrow().cancel().get();
        }
    }

    /** Batch execution sorts keyed input by key; the sink's routing must keep offset order. */
    @Test
    void aLargeBatchEnrichmentKeepsOffsetOrderPerBucket() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "sql", 2);
        dev.flussenrich.testutils.TestTables.appendBase(
                SharedFlussCluster.connection(),
                org.apache.fluss.metadata.TablePath.of(SharedFlussCluster.DATABASE, table),
                0,
                20_000);
        await(batch.executeSql(enrichGeo(table)));
        assertThat(
                        collect(
                                batch,
                                "SELECT COUNT(*), COUNT(city) FROM (SELECT city FROM "
                                        + table
                                        + ")"))
                .containsExactly("+I[20000, 20000]");
    }
}
