/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.testutils.CapturedLogs;
import dev.flussenrich.testutils.EnrichmentProgress;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.FlussOwnConnector;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.flussenrich.testutils.FlinkSql.await;
import static dev.flussenrich.testutils.FlinkSql.collect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The concise enrichment INSERT end to end: Java API, statement sets, resubmission, scripts. */
@ExtendWith(SharedFlussCluster.class)
class ConciseSqlITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    /** Counts its calls, so a test can tell which rows a job read. */
    public static class Tag extends ScalarFunction {
        static final AtomicInteger CALLS = new AtomicInteger();

        public String eval(String prefix, String ip) {
            CALLS.incrementAndGet();
            return prefix + ip;
        }
    }

    private static String createTable(TableEnvironment tEnv) {
        String table = SharedFlussCluster.newTablePath("concise").getTableName();
        tEnv.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, country STRING, score DOUBLE) WITH"
                        + " ('bucket.num' = '2', 'bucket.key' = 'id', 'column-groups.geo' = 'city,"
                        + " country', 'column-groups.risk' = 'score')");
        return table;
    }

    private static void insertBase(EnrichmentSql sql, String table, int from, int to)
            throws Exception {
        StringBuilder values = new StringBuilder();
        for (int id = from; id < to; id++) {
            values.append(id == from ? "" : ", ").append("(").append(id).append(", 'ip").append(id);
            values.append("')");
        }
        // two values per row: the planner adds the base column list (id, ip)
        await(sql.executeSql("INSERT INTO " + table + " VALUES " + values));
    }

    @Test
    void theConciseInsertEnrichesEveryRowAndWhereLeavesTheOthersNull() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        EnrichmentSql sql = EnrichmentSql.on(batch);
        String table = createTable(batch);
        insertBase(sql, table, 0, 4);

        await(
                sql.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group'='geo') */ SELECT CONCAT('city-',"
                                + " ip) AS city, UPPER(ip) AS country FROM "
                                + table
                                + " WHERE id <> 2"));

        assertThat(collect(batch, "SELECT id, ip, city, country FROM " + table + " ORDER BY id"))
                .containsExactly(
                        "+I[0, ip0, city-ip0, IP0]",
                        "+I[1, ip1, city-ip1, IP1]",
                        "+I[2, ip2, null, null]",
                        "+I[3, ip3, city-ip3, IP3]");
    }

    @Test
    void aPartitionedTableIsEnrichedInEveryPartition() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        EnrichmentSql sql = EnrichmentSql.on(batch);
        String table = SharedFlussCluster.newTablePath("concise_parts").getTableName();
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, dt STRING, city STRING) PARTITIONED BY (dt) WITH ("
                        + "'bucket.num' = '2', 'bucket.key' = 'id', 'column-groups.geo' = 'city')");
        await(
                sql.executeSql(
                        "INSERT INTO "
                                + table
                                + " VALUES (1, '2026-01-01'), (2, '2026-01-01'), (3,"
                                + " '2026-01-02')"));

        await(
                sql.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ enrichment.group='geo' */ SELECT CONCAT(dt, '#', CAST(id AS"
                                + " STRING)) AS city FROM "
                                + table));

        assertThat(collect(batch, "SELECT id, dt, city, _partition FROM " + table + " ORDER BY id"))
                .containsExactly(
                        "+I[1, 2026-01-01, 2026-01-01#1, 2026-01-01]",
                        "+I[2, 2026-01-01, 2026-01-01#2, 2026-01-01]",
                        "+I[3, 2026-01-02, 2026-01-02#3, 2026-01-02]");
    }

    @Test
    void explainShowsTheRewrittenStatementAndFlinksPlan() {
        TableEnvironment batch = FlinkSql.batch();
        String table = createTable(batch);
        String explained =
                EnrichmentSql.on(batch)
                        .explainSql(
                                "INSERT INTO "
                                        + table
                                        + " /*+ enrichment.group='risk' */ SELECT CAST(id AS"
                                        + " DOUBLE) AS score FROM "
                                        + table);
        assertThat(explained)
                .startsWith(
                        "== Rewritten Statement ==\nINSERT INTO `"
                                + table
                                + "` /*+ OPTIONS('enrichment.group'='risk') */ (`_bucket`,"
                                + " `_offset`, `score`)\n")
                .contains("== Abstract Syntax Tree ==", "== Optimized Physical Plan ==");
    }

    @Test
    void aStatementSetWritesTwoGroupsInOneJob() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        EnrichmentSql sql = EnrichmentSql.on(batch);
        String table = createTable(batch);
        insertBase(sql, table, 0, 3);

        TableResult job =
                sql.createStatementSet()
                        .addInsertSql(
                                "INSERT INTO "
                                        + table
                                        + " /*+ enrichment.group='geo' */ (city) SELECT"
                                        + " CONCAT('c', ip) FROM "
                                        + table)
                        .addInsertSql(
                                "INSERT INTO "
                                        + table
                                        + " /*+ enrichment.group='risk' */ SELECT id * 1.5e0 AS"
                                        + " score FROM "
                                        + table)
                        .execute();
        await(job);

        assertThat(collect(batch, "SELECT id, city, country, score FROM " + table + " ORDER BY id"))
                .containsExactly(
                        "+I[0, cip0, null, 0.0]",
                        "+I[1, cip1, null, 1.5]",
                        "+I[2, cip2, null, 3.0]");
    }

    @Test
    void aRejectedEnrichmentFailsBeforeAnyJobStarts() {
        TableEnvironment batch = FlinkSql.batch();
        String table = createTable(batch);
        assertThatThrownBy(
                        () ->
                                EnrichmentSql.on(batch)
                                        .executeSql(
                                                "INSERT INTO "
                                                        + table
                                                        + " /*+ enrichment.group='geo' */ SELECT"
                                                        + " MAX(ip) AS city FROM "
                                                        + table))
                .isInstanceOf(EnrichmentPlanningException.class)
                .hasMessage(
                        "Enrichment INSERT of group 'geo' into table 'enrich."
                                + SharedFlussCluster.DATABASE
                                + "."
                                + table
                                + "' is rejected: it aggregates (MAX); an enrichment value belongs"
                                + " to one row. Compute per-row values (aggregate when"
                                + " reading).");
    }

    @Test
    void resubmittingTheSameConciseInsertContinuesWithoutGapOrDuplicate() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        EnrichmentSql batchSql = EnrichmentSql.on(batch);
        String table = createTable(batch);
        TablePath path = TablePath.of(SharedFlussCluster.DATABASE, table);
        String concise =
                "INSERT INTO "
                        + table
                        + " /*+ enrichment.group='geo' */ SELECT tag('c-', ip) AS city FROM "
                        + table;
        insertBase(batchSql, table, 0, 100);

        Tag.CALLS.set(0);
        runUntilFullyEnriched(concise, path);
        assertThat(Tag.CALLS).hasValue(100);

        insertBase(batchSql, table, 100, 150);
        Tag.CALLS.set(0);
        runUntilFullyEnriched(concise, path);
        assertThat(Tag.CALLS).as("the second job read only rows past the watermark").hasValue(50);

        List<String> rows = collect(batch, "SELECT id, ip, city FROM " + table);
        assertThat(rows).hasSize(150);
        assertThat(rows).allMatch(row -> row.matches("\\+I\\[(\\d+), ip\\1, c-ip\\1\\]"));
        assertThat(EnrichmentProgress.companionRows(path, "geo"))
                .as("no duplicate was written")
                .isEqualTo(150);
    }

    /**
     * One INSERT writing two groups, resubmitted after one of them ran ahead alone: it reads from
     * the lower watermark (risk's, 0), and geo drops the 100 rows it has as replays.
     */
    @Test
    void aConciseInsertOfTwoGroupsResumesAtTheLowerWatermark() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        EnrichmentSql batchSql = EnrichmentSql.on(batch);
        String table = createTable(batch);
        TablePath path = TablePath.of(SharedFlussCluster.DATABASE, table);
        insertBase(batchSql, table, 0, 100);
        runUntilFullyEnriched(
                "INSERT INTO "
                        + table
                        + " /*+ enrichment.group='geo' */ SELECT tag('c-', ip) AS city FROM "
                        + table,
                path);
        insertBase(batchSql, table, 100, 150);

        Tag.CALLS.set(0);
        runUntilFullyEnriched(
                "INSERT INTO "
                        + table
                        + " /*+ enrichment.group='geo, risk' */ SELECT tag('c-', ip) AS city, id"
                        + " * 1.5e0 AS score FROM "
                        + table,
                path,
                "geo",
                "risk");
        assertThat(Tag.CALLS).as("the job read from risk's watermark, 0").hasValue(150);

        List<String> complete = new ArrayList<>();
        for (int id = 0; id < 150; id++) {
            complete.add("+I[" + id + ", c-ip" + id + ", " + id * 1.5 + "]");
        }
        assertThat(collect(batch, "SELECT id, city, score FROM " + table))
                .as("lost 0, partial 0")
                .containsExactlyInAnyOrderElementsOf(complete);
        assertThat(EnrichmentProgress.companionRows(path, "geo"))
                .as("geo: duplicated 0")
                .isEqualTo(150);
        assertThat(EnrichmentProgress.companionRows(path, "risk")).isEqualTo(150);
    }

    private static void runUntilFullyEnriched(String statement, TablePath path) throws Exception {
        runUntilFullyEnriched(statement, path, "geo");
    }

    private static void runUntilFullyEnriched(String statement, TablePath path, String... groups)
            throws Exception {
        TableEnvironment streaming = FlinkSql.streaming();
        streaming.createTemporarySystemFunction("tag", Tag.class);
        TableResult job = EnrichmentSql.on(streaming).executeSql(statement);
        try {
            for (String group : groups) {
                EnrichmentProgress.awaitFullyEnriched(path, group);
            }
        } finally {
            job.getJobClient().orElseThrow().cancel().get();
        }
    }

    @Test
    void aConnectorTableWithALookupJoinIsEnrichedFromTheDimension() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        EnrichmentSql sql = EnrichmentSql.on(batch);
        String table = createTable(batch);
        insertBase(sql, table, 0, 3);
        String servers = SharedFlussCluster.cluster().bootstrapServers();
        String dim = createCities(batch, "('ip0', 'Quito'), ('ip2', 'Osaka')");
        // declared outside the catalog, with a processing-time attribute for the lookup
        batch.executeSql(
                "CREATE TEMPORARY TABLE default_catalog.default_database.logs (id INT, ip STRING,"
                        + " city STRING, country STRING, _bucket INT METADATA FROM 'bucket',"
                        + " _offset BIGINT METADATA FROM 'offset', pt AS PROCTIME()) WITH"
                        + " ('connector' = 'fluss-enrich', 'bootstrap.servers' = '"
                        + servers
                        + "', 'fluss.table' = '"
                        + SharedFlussCluster.DATABASE
                        + "."
                        + table
                        + "')");

        PlannedStatement planned =
                sql.plan(
                        "INSERT INTO default_catalog.default_database.logs /*+"
                                + " enrichment.group='geo' */ SELECT c.city AS city, 'EC' AS"
                                + " country FROM default_catalog.default_database.logs AS l LEFT"
                                + " JOIN "
                                + dim
                                + " FOR SYSTEM_TIME AS OF l.pt AS c ON l.ip = c.ip");
        assertThat(planned.sql())
                .startsWith(
                        "INSERT INTO `default_catalog`.`default_database`.`logs` /*+"
                                + " OPTIONS('enrichment.group'='geo') */ (`_bucket`, `_offset`,"
                                + " `city`, `country`)\nSELECT `l`.`_bucket`, `l`.`_offset`,"
                                + " `c`.`city` AS `city`, 'EC' AS `country`\n");
        await(batch.executeSql(planned.sql()));

        assertThat(collect(batch, "SELECT id, city, country FROM " + table + " ORDER BY id"))
                .containsExactly("+I[0, Quito, EC]", "+I[1, null, EC]", "+I[2, Osaka, EC]");
    }

    @Test
    void aCatalogTableLooksUpAsOfProcTimeAndAnInnerLookupIsRejected() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        EnrichmentSql sql = EnrichmentSql.on(batch);
        String table = createTable(batch);
        insertBase(sql, table, 0, 3);
        String dim = createCities(batch, "('ip0', 'Quito'), ('ip2', 'Osaka')");

        String lookup =
                " FROM "
                        + table
                        + " AS l %s "
                        + dim
                        + " FOR SYSTEM_TIME AS OF PROCTIME() AS c ON l.ip = c.ip";
        assertThatThrownBy(
                        () ->
                                sql.executeSql(
                                        "INSERT INTO "
                                                + table
                                                + " /*+ enrichment.group='geo' */ SELECT c.city AS"
                                                + " city"
                                                + String.format(lookup, "JOIN")))
                .isInstanceOf(EnrichmentPlanningException.class)
                .hasMessageContaining("with an inner join, which drops the rows without a match")
                .hasMessageContaining("Write LEFT JOIN");
        await(
                sql.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ enrichment.group='geo' */ SELECT c.city AS city, 'EC' AS"
                                + " country"
                                + String.format(lookup, "LEFT JOIN")));

        assertThat(collect(batch, "SELECT id, city, country FROM " + table + " ORDER BY id"))
                .containsExactly("+I[0, Quito, EC]", "+I[1, null, EC]", "+I[2, Osaka, EC]");
    }

    /** A primary-key table of the Fluss catalog, for lookups; returns its full name. */
    private static String createCities(TableEnvironment tEnv, String values) throws Exception {
        FlussOwnConnector.assumeItLoads();
        String servers = SharedFlussCluster.cluster().bootstrapServers();
        String cities = SharedFlussCluster.newTablePath("cities").getTableName();
        tEnv.executeSql(
                "CREATE CATALOG IF NOT EXISTS fluss WITH ('type' = 'fluss', 'bootstrap.servers' = '"
                        + servers
                        + "')");
        String dim = "fluss." + SharedFlussCluster.DATABASE + "." + cities;
        tEnv.executeSql(
                "CREATE TABLE " + dim + " (ip STRING, city STRING, PRIMARY KEY (ip) NOT ENFORCED)");
        await(tEnv.executeSql("INSERT INTO " + dim + " VALUES " + values));
        return dim;
    }

    /**
     * A WHERE that is not deterministic fills a group row as a whole or leaves it NULL. Before, it
     * was evaluated once per value, so about half of the rows came out partial.
     */
    @Test
    void aNonDeterministicWhereNeverFillsHalfAGroupRow() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        EnrichmentSql sql = EnrichmentSql.on(batch);
        String table = createTable(batch);
        insertBase(sql, table, 0, 60);

        await(
                sql.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ enrichment.group='geo' */ SELECT CONCAT('c', ip) AS city,"
                                + " UPPER(ip) AS country FROM "
                                + table
                                + " WHERE RAND() < 0.5"));

        List<String> rows = collect(batch, "SELECT city IS NULL, country IS NULL FROM " + table);
        assertThat(rows).hasSize(60).doesNotContain("+I[true, false]", "+I[false, true]");
        assertThat(rows).contains("+I[true, true]", "+I[false, false]");
    }

    @Test
    void aStatementSetWithTwoInsertsIntoOneGroupIsRejectedBeforeAnyJob() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        EnrichmentSql sql = EnrichmentSql.on(batch);
        String table = createTable(batch);
        insertBase(sql, table, 0, 2);
        String insert =
                "INSERT INTO "
                        + table
                        + " /*+ enrichment.group='geo' */ SELECT '%s' || ip AS city FROM "
                        + table
                        + " WHERE id %s 1";
        EnrichmentStatementSet set =
                sql.createStatementSet().addInsertSql(String.format(insert, "low", "<"));

        assertThatThrownBy(() -> set.addInsertSql(String.format(insert, "high", ">=")))
                .isInstanceOf(EnrichmentPlanningException.class)
                .hasMessageStartingWith(
                        "The statement set writes group 'geo' of table 'enrich."
                                + SharedFlussCluster.DATABASE
                                + "."
                                + table
                                + "' twice");
        assertThat(
                        EnrichmentProgress.companionRows(
                                TablePath.of(SharedFlussCluster.DATABASE, table), "geo"))
                .as("no job ran")
                .isZero();
    }

    @Test
    void theScriptRunnerRunsAConciseScript() throws Exception {
        String table = SharedFlussCluster.newTablePath("script").getTableName();
        String script;
        // A stream, not a path: in the compatibility suite the script is inside a test-jar.
        try (InputStream in =
                ConciseSqlITCase.class.getResourceAsStream("/scripts/concise-enrichment.sql")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        new SqlScriptRunner(
                        Map.of(
                                "bootstrap.servers",
                                SharedFlussCluster.cluster().bootstrapServers(),
                                "database",
                                SharedFlussCluster.DATABASE,
                                "table",
                                table),
                        new PrintStream(output, true, StandardCharsets.UTF_8))
                .run(script);

        String printed = output.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains(
                        "[INFO] Rewritten by the enrichment planner to:\n"
                                + "INSERT INTO `"
                                + table
                                + "` /*+ OPTIONS('enrichment.group'='geo') */ (`_bucket`,"
                                + " `_offset`, `city`, `country`)\n")
                .endsWith(
                        "id | city | country\n"
                                + "+I[1, city;10.0.0.1, private]\n"
                                + "+I[2, city;10.0.0.2, private]\n"
                                + "+I[3, city;192.0.2.3, public]\n"
                                + "3 rows\n");
    }

    /** The script runner's head: batch, synchronous INSERTs, the catalog; then a table. */
    private static final String SCRIPT_HEAD =
            "SET 'execution.runtime-mode' = 'batch';\n"
                    + "SET 'table.dml-sync' = 'true';\n"
                    + "SET 'parallelism.default' = '2';\n"
                    + "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' ="
                    + " '${bootstrap.servers}', 'default-database' = '${database}');\n"
                    + "USE CATALOG enrich;\n"
                    + "CREATE TABLE ${table} (id INT, ip STRING, city STRING, country STRING, score"
                    + " DOUBLE) WITH ('bucket.num' = '2', 'bucket.key' = 'id', 'column-groups.geo' ="
                    + " 'city, country', 'column-groups.risk' = 'score');\n"
                    + "INSERT INTO ${table} VALUES (1, 'ip1'), (2, 'ip2');\n";

    private static final String GEO_INSERT =
            "INSERT INTO ${table} /*+ enrichment.group='geo' */ SELECT CONCAT('c;', ip) AS city,"
                    + " 'EC' AS country FROM ${table}";
    private static final String RISK_INSERT =
            "INSERT INTO ${table} /*+ enrichment.group='risk' */ SELECT id * 1.5e0 AS score FROM"
                    + " ${table}";
    private static final String QUERY =
            "SELECT id, city, country, score FROM ${table} ORDER BY id;";

    /** What the script runner printed; the variables name the cluster and the table. */
    private static String runScript(String script, String table) {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        new SqlScriptRunner(
                        scriptVariables(table, Map.of()),
                        new PrintStream(output, true, StandardCharsets.UTF_8))
                .run(script);
        return output.toString(StandardCharsets.UTF_8);
    }

    private static Map<String, String> scriptVariables(String table, Map<String, String> more) {
        Map<String, String> variables = new HashMap<>(more);
        variables.put("bootstrap.servers", SharedFlussCluster.cluster().bootstrapServers());
        variables.put("database", SharedFlussCluster.DATABASE);
        variables.put("table", table);
        return variables;
    }

    private static String explicitGeo(String table) {
        return "INSERT INTO `"
                + table
                + "` /*+ OPTIONS('enrichment.group'='geo') */ (`_bucket`, `_offset`, `city`,"
                + " `country`)\n"
                + "SELECT `_bucket`, `_offset`, `CONCAT`('c;', `ip`) AS `city`, 'EC' AS `country`\n"
                + "FROM `"
                + table
                + "` /*+ OPTIONS('scan.startup.mode'='enrichment-watermark',"
                + " 'scan.startup.enrichment.group'='geo') */";
    }

    private static String explicitRisk(String table) {
        return "INSERT INTO `"
                + table
                + "` /*+ OPTIONS('enrichment.group'='risk') */ (`_bucket`, `_offset`, `score`)\n"
                + "SELECT `_bucket`, `_offset`, `id` * 1.5E0 AS `score`\n"
                + "FROM `"
                + table
                + "` /*+ OPTIONS('scan.startup.mode'='enrichment-watermark',"
                + " 'scan.startup.enrichment.group'='risk') */";
    }

    private static final String ENRICHED_ROWS =
            "id | city | country | score\n"
                    + "+I[1, c;ip1, EC, 1.5]\n"
                    + "+I[2, c;ip2, EC, 3.0]\n"
                    + "2 rows\n";

    /**
     * EXECUTE STATEMENT SET BEGIN ...; ...; END is one statement of a script: its concise INSERTs
     * are rewritten and run as one job. Before, the script was split at the INSERTs' semicolons and
     * Flink got a part of it ("Statement 8 of the script failed: Encountered "<EOF>" at line 2").
     */
    @Test
    void theScriptRunnerRewritesTheInsertsOfAStatementSetAndRunsThemAsOneJob() throws Exception {
        String table = SharedFlussCluster.newTablePath("script_set").getTableName();
        String printed =
                runScript(
                        SCRIPT_HEAD
                                + "execute statement set begin\n"
                                + GEO_INSERT
                                + ";\n"
                                + RISK_INSERT
                                + ";\n"
                                + "end;\n"
                                + QUERY,
                        table);

        assertThat(printed)
                .contains(
                        "[INFO] Rewritten by the enrichment planner to:\n"
                                + "execute statement set begin\n"
                                + explicitGeo(table)
                                + ";\n"
                                + explicitRisk(table)
                                + ";\n"
                                + "END;\n"
                                + "[INFO] Submitted job ")
                .endsWith(ENRICHED_ROWS);
        assertThat(printed.split("\\[INFO] Submitted job ", -1))
                .as("one job for the base rows, one for the set")
                .hasSize(3);
    }

    /** The SQL Client's form: BEGIN STATEMENT SET;, the INSERTs, END;. */
    @Test
    void theScriptRunnerRunsTheSqlClientsStatementSet() throws Exception {
        String table = SharedFlussCluster.newTablePath("script_client_set").getTableName();
        String printed =
                runScript(
                        SCRIPT_HEAD
                                + "BEGIN STATEMENT SET;\n"
                                + GEO_INSERT
                                + ";\n"
                                + RISK_INSERT
                                + ";\n"
                                + "END;\n"
                                + QUERY,
                        table);

        assertThat(printed)
                .contains(
                        "Flink SQL> BEGIN STATEMENT SET;\n"
                                + "[INFO] Begin a statement set.\n"
                                + "Flink SQL> "
                                + GEO_INSERT
                                + ";\n"
                                + "[INFO] Rewritten by the enrichment planner to:\n"
                                + explicitGeo(table)
                                + ";\n"
                                + "[INFO] Add SQL update statement to the statement set.\n"
                                + "Flink SQL> "
                                + RISK_INSERT
                                + ";\n"
                                + "[INFO] Rewritten by the enrichment planner to:\n"
                                + explicitRisk(table)
                                + ";\n"
                                + "[INFO] Add SQL update statement to the statement set.\n"
                                + "Flink SQL> END;\n"
                                + "[INFO] Submitted job ")
                .endsWith(ENRICHED_ROWS);
        assertThat(printed.split("\\[INFO] Submitted job ", -1)).hasSize(3);
    }

    /**
     * A statement set of a script that writes one group twice is refused before any job, in both
     * forms. Before, the one-statement form was split and Flink got the concise form.
     */
    @Test
    void aScriptsStatementSetThatWritesAGroupTwiceIsRefusedBeforeAnyJob() throws Exception {
        String otherGeo = GEO_INSERT.replace("'c;'", "'d;'");
        for (String set :
                List.of(
                        "EXECUTE STATEMENT SET BEGIN\n"
                                + GEO_INSERT
                                + ";\n"
                                + otherGeo
                                + ";\nEND;\n",
                        "BEGIN STATEMENT SET;\n" + GEO_INSERT + ";\n" + otherGeo + ";\nEND;\n")) {
            String table = SharedFlussCluster.newTablePath("script_twice").getTableName();
            // the one-statement set is statement 8; in the SQL Client's form the second INSERT is
            // 10
            int failing = set.startsWith("EXECUTE") ? 8 : 10;
            assertThatThrownBy(() -> runScript(SCRIPT_HEAD + set + QUERY, table))
                    .isInstanceOf(SqlScriptRunner.ScriptException.class)
                    .hasMessageStartingWith(
                            "Statement "
                                    + failing
                                    + " of the script failed: The statement set writes group"
                                    + " 'geo' of table 'enrich."
                                    + SharedFlussCluster.DATABASE
                                    + "."
                                    + table
                                    + "' twice")
                    .hasMessageContaining(
                            "The INSERTs:\n  "
                                    + asPlanned(GEO_INSERT, table)
                                    + "\n  "
                                    + asPlanned(otherGeo, table))
                    .hasRootCauseInstanceOf(EnrichmentPlanningException.class);
            assertThat(
                            EnrichmentProgress.companionRows(
                                    TablePath.of(SharedFlussCluster.DATABASE, table), "geo"))
                    .as("no job ran")
                    .isZero();
        }
    }

    /** An INSERT of the script as the planner names it: variables set, the hint's long form. */
    private static String asPlanned(String insert, String table) {
        return insert.replace("${table}", table)
                .replace(
                        "/*+ enrichment.group='geo' */",
                        "/*+ OPTIONS('enrichment.group'='geo') */");
    }

    /**
     * A password given to the script through a variable is in no output, message or log line,
     * though the statement that fails carries it twice and its error repeats that statement.
     * Before, the runner echoed each statement with the password substituted and put it into its
     * exception, and the planner's error held both INSERTs as written.
     */
    @Test
    void aPasswordOfAScriptIsInNoOutputExceptionOrLogLine() throws Exception {
        String password = "pw-" + UUID.randomUUID();
        String table = SharedFlussCluster.newTablePath("script_secret").getTableName();
        String secretHint =
                "/*+ OPTIONS('enrichment.group' = 'geo', 'client.security.sasl.password' ="
                        + " '${pw}') */";
        String script =
                SCRIPT_HEAD.replace(
                                "'default-database' = '${database}'",
                                "'default-database' = '${database}',"
                                        + " 'client.security.sasl.username' = 'enricher',"
                                        + " 'client.security.sasl.password' = '${pw}'")
                        + "EXECUTE STATEMENT SET BEGIN\n"
                        + "INSERT INTO ${table} "
                        + secretHint
                        + " SELECT UPPER(ip) AS city FROM ${table} WHERE id < 2;\n"
                        + "INSERT INTO ${table} "
                        + secretHint
                        + " SELECT LOWER(ip) AS city FROM ${table} WHERE id >= 2;\n"
                        + "END;\n";

        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        Throwable failure = null;
        CapturedLogs logs = CapturedLogs.start();
        try {
            System.setOut(new PrintStream(new TeeOutputStream(stdout, console), true));
            System.setErr(new PrintStream(new TeeOutputStream(stderr, console), true));
            new SqlScriptRunner(
                            scriptVariables(table, Map.of("pw", password)),
                            new PrintStream(output, true, StandardCharsets.UTF_8))
                    .run(script);
        } catch (SqlScriptRunner.ScriptException e) {
            failure = e;
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
            logs.close();
        }

        assertThat(failure)
                .as("the statement set fails")
                .hasMessageStartingWith(
                        "Statement 8 of the script failed: The statement set writes group 'geo'")
                .hasMessageContaining(
                        "The INSERTs:\n  INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo',"
                                + " 'client.security.sasl.password' = '******') */ SELECT"
                                + " UPPER(ip) AS city");
        String printed = output.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains("'client.security.sasl.password' = '******'")
                .contains("[INFO] Submitted job ");
        assertThat(logs.lines()).as("log lines").isNotEmpty();
        assertThat(ExceptionUtils.stringifyException(failure)).doesNotContain(password);
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            assertThat(cause.getMessage()).doesNotContain(password);
        }
        assertThat(printed).doesNotContain(password);
        assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain(password);
        assertThat(logs.lines()).noneMatch(line -> line.contains(password));
        // the password was used: the catalog the script made holds it, hidden when shown
        assertThat(printed)
                .contains(
                        "'client.security.sasl.username' = 'enricher',"
                                + " 'client.security.sasl.password' = '******'");
    }

    /** Writes to two streams. */
    private static final class TeeOutputStream extends java.io.OutputStream {

        private final java.io.OutputStream first;
        private final java.io.OutputStream second;

        TeeOutputStream(java.io.OutputStream first, java.io.OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            first.write(b, off, len);
            second.write(b, off, len);
        }

        @Override
        public void flush() throws java.io.IOException {
            first.flush();
            second.flush();
        }
    }
}
