/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.sql.PlannedStatement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Golden rewrites and rejections of the statement planner (no cluster needed). */
class StatementPlannerTest {

    private static final String GEO_START =
            "/*+ OPTIONS('scan.startup.mode'='enrichment-watermark',"
                    + " 'scan.startup.enrichment.group'='geo') */";

    private final StatementPlanner planner = new StatementPlanner(new PlannerTargets());

    private String rewrite(String statement) {
        PlannedStatement planned = planner.plan(statement);
        assertThat(planned.rewritten()).as("rewritten").isTrue();
        assertThat(planned.original()).isEqualTo(statement);
        return planned.sql();
    }

    @Test
    void aliasesNameTheGroupColumns() {
        assertThat(
                        rewrite(
                                "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */"
                                        + " SELECT geo_city(ip) AS city, UPPER(ip) AS country FROM"
                                        + " device_logs;"))
                .isEqualTo(
                        "INSERT INTO `device_logs` /*+ OPTIONS('enrichment.group'='geo') */"
                                + " (`_bucket`, `_offset`, `city`, `country`)\n"
                                + "SELECT `_bucket`, `_offset`, `geo_city`(`ip`) AS `city`,"
                                + " UPPER(`ip`) AS `country`\n"
                                + "FROM `device_logs` "
                                + GEO_START);
    }

    @Test
    void aColumnListNamesTheGroupColumnsInItsOrder() {
        assertThat(
                        rewrite(
                                "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */"
                                        + " (country, city) SELECT UPPER(ip), geo_city(ip) FROM"
                                        + " device_logs"))
                .isEqualTo(
                        "INSERT INTO `device_logs` /*+ OPTIONS('enrichment.group'='geo') */"
                                + " (`_bucket`, `_offset`, `country`, `city`)\n"
                                + "SELECT `_bucket`, `_offset`, UPPER(`ip`) AS `country`,"
                                + " `geo_city`(`ip`) AS `city`\n"
                                + "FROM `device_logs` "
                                + GEO_START);
    }

    @Test
    void whereBecomesACaseWhenPerValueSoNoRowIsSkipped() {
        assertThat(
                        rewrite(
                                "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */"
                                        + " SELECT geo_city(ip) AS city FROM device_logs WHERE ip"
                                        + " LIKE '10.%' AND device_id > 3"))
                .isEqualTo(
                        "INSERT INTO `device_logs` /*+ OPTIONS('enrichment.group'='geo') */"
                                + " (`_bucket`, `_offset`, `city`)\n"
                                + "SELECT `_bucket`, `_offset`, CASE WHEN `ip` LIKE '10.%' AND"
                                + " `device_id` > 3 THEN `geo_city`(`ip`) END AS `city`\n"
                                + "FROM `device_logs` "
                                + GEO_START);
    }

    @Test
    void aWhereOverSeveralValuesIsEvaluatedOncePerRow() {
        assertThat(
                        rewrite(
                                "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */"
                                        + " SELECT geo_city(ip) AS city, UPPER(ip) AS country FROM"
                                        + " device_logs WHERE RAND() < 0.5"))
                .isEqualTo(
                        "INSERT INTO `device_logs` /*+ OPTIONS('enrichment.group'='geo') */"
                                + " (`_bucket`, `_offset`, `city`, `country`)\n"
                                + "SELECT `_bucket`, `_offset`, `__enrich_values`.`EXPR$0` AS"
                                + " `city`, `__enrich_values`.`EXPR$1` AS `country`\n"
                                + "FROM (SELECT `_bucket` AS `_bucket`, `_offset` AS `_offset`,"
                                + " CASE WHEN RAND() < 0.5 THEN ROW(`geo_city`(`ip`), UPPER(`ip`))"
                                + " END AS `__enrich_values`\n"
                                + "FROM `device_logs` "
                                + GEO_START
                                + ")\nWHERE `_offset` >= 0");
    }

    @Test
    void aLookupAsOfProcTimeReadsAProcessingTimeThePlannerAdds() {
        assertThat(
                        rewrite(
                                "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */"
                                        + " SELECT c.city_name AS city FROM device_logs LEFT JOIN"
                                        + " cities FOR SYSTEM_TIME AS OF PROCTIME() AS c ON"
                                        + " device_logs.ip = c.ip"))
                .isEqualTo(
                        "INSERT INTO `device_logs` /*+ OPTIONS('enrichment.group'='geo') */"
                                + " (`_bucket`, `_offset`, `city`)\n"
                                + "SELECT `device_logs`.`_bucket`, `device_logs`.`_offset`,"
                                + " `c`.`city_name` AS `city`\n"
                                + "FROM (SELECT *, PROCTIME() AS `__enrich_proc_time` FROM"
                                + " `device_logs` "
                                + GEO_START
                                + ") AS `device_logs` LEFT JOIN `cities` FOR SYSTEM_TIME AS OF"
                                + " `device_logs`.`__enrich_proc_time` AS `c` ON"
                                + " `device_logs`.`ip` = `c`.`ip`");
    }

    @Test
    void aStatementSetThatWritesOneGroupTwiceIsRejectedNamingBoth() {
        String first =
                "INSERT INTO device_logs /*+ enrichment.group='geo' */ SELECT 'a' || ip AS city"
                        + " FROM device_logs WHERE device_id < 10";
        String second =
                "INSERT INTO device_logs /*+ enrichment.group='geo' */ SELECT 'b' || ip AS city"
                        + " FROM device_logs WHERE device_id >= 10";
        assertThatThrownBy(
                        () ->
                                planner.plan(
                                        "EXECUTE STATEMENT SET BEGIN "
                                                + first
                                                + "; "
                                                + second
                                                + "; END"))
                .isInstanceOf(EnrichmentPlanningException.class)
                .hasMessage(
                        "The statement set writes group 'geo' of table 'enrich.fluss.device_logs'"
                                + " twice, so two sinks would race on it (each writes NULL for the"
                                + " rows outside its WHERE, and the first row stored wins). Write"
                                + " the group with one INSERT, e.g. with CASE WHEN <condition> THEN"
                                + " <value> ELSE <other value> END. The INSERTs:%n  %s%n  %s",
                        first.replace(
                                "enrichment.group='geo'", "OPTIONS('enrichment.group'='geo')"),
                        second.replace(
                                "enrichment.group='geo'", "OPTIONS('enrichment.group'='geo')"));
    }

    @Test
    void lookupJoinsStayAndIdentityIsQualifiedWithTheAlias() {
        assertThat(
                        rewrite(
                                "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo',"
                                        + " 'sink.enrichment.gap-policy'='fill-null') */ SELECT"
                                        + " c.city_name AS city, c.country AS country FROM"
                                        + " device_logs /*+ OPTIONS('client.x'='1') */ AS d LEFT"
                                        + " JOIN cities /*+ OPTIONS('lookup.cache'='PARTIAL') */"
                                        + " FOR SYSTEM_TIME AS OF d.proc_time AS c ON d.ip ="
                                        + " c.ip"))
                .isEqualTo(
                        "INSERT INTO `device_logs` /*+ OPTIONS('enrichment.group'='geo',"
                                + " 'sink.enrichment.gap-policy'='fill-null') */ (`_bucket`,"
                                + " `_offset`, `city`, `country`)\n"
                                + "SELECT `d`.`_bucket`, `d`.`_offset`, `c`.`city_name` AS"
                                + " `city`, `c`.`country` AS `country`\n"
                                + "FROM `device_logs` /*+ OPTIONS('client.x'='1',"
                                + " 'scan.startup.mode'='enrichment-watermark',"
                                + " 'scan.startup.enrichment.group'='geo') */ AS `d` LEFT JOIN"
                                + " `cities` /*+ OPTIONS('lookup.cache'='PARTIAL') */ FOR"
                                + " SYSTEM_TIME AS OF `d`.`proc_time` AS `c` ON `d`.`ip` ="
                                + " `c`.`ip`");
    }

    @Test
    void partitionedTablesAlsoCarryThePartition() {
        assertThat(
                        rewrite(
                                "INSERT INTO part_logs /*+ OPTIONS('enrichment.group'='geo') */"
                                        + " SELECT geo_city(ip) AS city FROM part_logs"))
                .isEqualTo(
                        "INSERT INTO `part_logs` /*+ OPTIONS('enrichment.group'='geo') */"
                                + " (`_partition`, `_bucket`, `_offset`, `city`)\n"
                                + "SELECT `_partition`, `_bucket`, `_offset`, `geo_city`(`ip`)"
                                + " AS `city`\n"
                                + "FROM `part_logs` "
                                + GEO_START);
    }

    @Test
    void theShorthandHintIsTheOptionsHint() {
        assertThat(
                        rewrite(
                                "insert into device_logs /*+ enrichment.group = 'geo' */ select"
                                        + " geo_city(ip) as city from device_logs"))
                .isEqualTo(
                        "INSERT INTO `device_logs` /*+ OPTIONS('enrichment.group'='geo') */"
                                + " (`_bucket`, `_offset`, `city`)\n"
                                + "SELECT `_bucket`, `_offset`, `geo_city`(`ip`) AS `city`\n"
                                + "FROM `device_logs` "
                                + GEO_START);
    }

    @Test
    void aStartupChosenByTheUserIsKept() {
        assertThat(
                        rewrite(
                                "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */"
                                        + " SELECT geo_city(ip) AS city FROM device_logs /*+"
                                        + " OPTIONS('scan.startup.mode'='earliest') */"))
                .endsWith("FROM `device_logs` /*+ OPTIONS('scan.startup.mode'='earliest') */");
    }

    @Test
    void aMisspeltColumnIsLeftToFlinkRatherThanCalledLiteralOnly() {
        assertThat(
                        rewrite(
                                "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */"
                                        + " SELECT geo_city(ipp) AS city FROM device_logs"))
                .contains("`geo_city`(`ipp`) AS `city`");
    }

    @Test
    void explainAndStatementSetsAreRewrittenInside() {
        assertThat(
                        rewrite(
                                "EXPLAIN INSERT INTO device_logs /*+ enrichment.group='risk' */"
                                        + " SELECT CAST(device_id AS DOUBLE) AS score FROM"
                                        + " device_logs"))
                .startsWith(
                        "EXPLAIN INSERT INTO `device_logs` /*+"
                                + " OPTIONS('enrichment.group'='risk') */ (`_bucket`, `_offset`,"
                                + " `score`)\n");
        assertThat(
                        rewrite(
                                "EXECUTE STATEMENT SET BEGIN INSERT INTO device_logs /*+"
                                        + " enrichment.group='risk' */ SELECT 1.0 * device_id AS"
                                        + " score FROM device_logs; INSERT INTO other SELECT 1;"
                                        + " END;"))
                .isEqualTo(
                        "EXECUTE STATEMENT SET BEGIN\n"
                                + "INSERT INTO `device_logs` /*+"
                                + " OPTIONS('enrichment.group'='risk') */ (`_bucket`, `_offset`,"
                                + " `score`)\n"
                                + "SELECT `_bucket`, `_offset`, 1.0 * `device_id` AS `score`\n"
                                + "FROM `device_logs` /*+"
                                + " OPTIONS('scan.startup.mode'='enrichment-watermark',"
                                + " 'scan.startup.enrichment.group'='risk') */;\n"
                                + "INSERT INTO other SELECT 1;\n"
                                + "END");
    }

    @Test
    void baseWritesWithOneValuePerBaseColumnGetTheBaseColumnList() {
        assertThat(rewrite("INSERT INTO device_logs VALUES (1, 'a', 'p')"))
                .isEqualTo(
                        "INSERT INTO device_logs (`device_id`, `ip`, `payload`)\n"
                                + "VALUES (1, 'a', 'p')");
        assertThat(rewrite("INSERT INTO device_logs SELECT id, ip, payload FROM src"))
                .isEqualTo(
                        "INSERT INTO device_logs (`device_id`, `ip`, `payload`)\n"
                                + "SELECT id, ip, payload FROM src");
    }

    @ParameterizedTest
    @MethodSource("untouched")
    void otherStatementsPassThroughUntouched(String statement) {
        PlannedStatement planned = planner.plan(statement);
        assertThat(planned.rewritten()).isFalse();
        assertThat(planned.sql()).isSameAs(statement);
    }

    static Stream<String> untouched() {
        return Stream.of(
                "INSERT INTO other_table SELECT * FROM src",
                "SELECT city FROM device_logs",
                "CREATE TABLE t (a INT) WITH ('connector' = 'datagen')",
                "INSERT INTO device_logs (device_id, ip) VALUES (1, 'a')",
                "INSERT INTO device_logs SELECT * FROM src",
                "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */"
                        + " (_bucket, _offset, city) SELECT _bucket, _offset, ip FROM device_logs",
                "SET 'table.dml-sync' = 'true'",
                "this is not SQL");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejections")
    void meaninglessEnrichmentsAreRejectedWithWhatToWriteInstead(
            String mistake, String statement, String reason) {
        String table = statement.contains("strict_logs") ? "strict_logs" : "device_logs";
        assertThatThrownBy(() -> planner.plan(statement))
                .isInstanceOf(EnrichmentPlanningException.class)
                .hasMessage(
                        "Enrichment INSERT of group 'geo' into table 'enrich.fluss."
                                + table
                                + "' is rejected: "
                                + reason);
    }

    private static Arguments rejection(String mistake, String selectAndRest, String reason) {
        String table = selectAndRest.contains("strict_logs") ? "strict_logs" : "device_logs";
        return Arguments.of(
                mistake,
                "INSERT INTO "
                        + table
                        + " /*+ OPTIONS('enrichment.group'='geo') */ "
                        + selectAndRest,
                reason);
    }

    static Stream<Arguments> rejections() {
        String lookupHint =
                "LEFT JOIN <table> FOR SYSTEM_TIME AS OF PROCTIME() AS <alias> ON <condition>";
        return Stream.of(
                rejection(
                        "literal only",
                        "SELECT 'x' AS city, CURRENT_TIMESTAMP AS country FROM device_logs",
                        "no value it writes reads a column of the table (functions like"
                                + " CURRENT_TIMESTAMP do not count), so every row would get the"
                                + " same enrichment. Compute each value from the row, e.g."
                                + " SELECT f(device_id) AS city FROM device_logs."),
                rejection(
                        "reads its own group",
                        "SELECT clean_up(city) AS city FROM device_logs",
                        "it reads column 'city' of group 'geo', the group it writes; a group"
                                + " cannot be computed from itself. Compute it from base columns"
                                + " (device_id, ip, payload) or other groups."),
                rejection(
                        "aggregation",
                        "SELECT COUNT(*) AS city FROM device_logs",
                        "it aggregates (COUNT); an enrichment value belongs to one row. Compute"
                                + " per-row values (aggregate when reading)."),
                rejection(
                        "group by",
                        "SELECT ip AS city FROM device_logs GROUP BY ip",
                        "it has GROUP BY/HAVING; an enrichment value belongs to one row, not to"
                                + " a group of rows. Compute per-row values (aggregate when"
                                + " reading)."),
                rejection(
                        "distinct",
                        "SELECT DISTINCT ip AS city FROM device_logs",
                        "it uses SELECT DISTINCT; every row of the table gets its own"
                                + " enrichment. Remove DISTINCT."),
                rejection(
                        "order by",
                        "SELECT ip AS city FROM device_logs ORDER BY ip",
                        "it has ORDER BY; enrichment values are stored by row identity, so order"
                                + " has no meaning. Remove the ORDER BY."),
                rejection(
                        "limit",
                        "SELECT ip AS city FROM device_logs LIMIT 4",
                        "it has LIMIT/OFFSET/FETCH; every row of the table is enriched. To enrich"
                                + " some rows only, use WHERE (rows outside it get NULL"
                                + " enrichment)."),
                rejection(
                        "over window",
                        "SELECT LAG(ip) OVER (ORDER BY proc_time) AS city FROM device_logs",
                        "it uses a window (OVER, WINDOW or a window table function); an"
                                + " enrichment value is computed from its own row (and lookup"
                                + " joins), not from neighbouring rows."),
                rejection(
                        "window table function",
                        "SELECT ip AS city FROM TABLE(TUMBLE(TABLE device_logs,"
                                + " DESCRIPTOR(proc_time), INTERVAL '1' MINUTES))",
                        "it reads a window table function; windows group rows, but an"
                                + " enrichment value belongs to one row. Read the table itself"
                                + " and compute per-row values."),
                rejection(
                        "union",
                        "SELECT ip AS city FROM device_logs UNION ALL SELECT ip AS city FROM"
                                + " device_logs",
                        "it combines queries with UNION; an enrichment computes one value per"
                                + " row from one SELECT over the table. Write one INSERT with one"
                                + " SELECT."),
                rejection(
                        "another table",
                        "SELECT ip AS city FROM other_logs",
                        "it reads table 'other_logs' instead of the table it enriches. Read the"
                                + " table itself (other tables can be joined as lookup joins: "
                                + lookupHint
                                + ")."),
                rejection(
                        "subquery",
                        "SELECT ip AS city FROM device_logs WHERE ip IN (SELECT ip FROM bad)",
                        "it has a subquery, which reads another query's rows; read other tables"
                                + " through lookup joins: "
                                + lookupHint
                                + "."),
                rejection(
                        "regular join",
                        "SELECT d.ip AS city FROM device_logs d JOIN other o ON d.ip = o.ip",
                        "it joins table 'other' with a regular join (INNER); only lookup joins"
                                + " keep one output row per row of the table. Join other tables"
                                + " as lookup joins: "
                                + lookupHint),
                rejection(
                        "inner lookup join",
                        "SELECT c.city_name AS city FROM device_logs d JOIN cities FOR"
                                + " SYSTEM_TIME AS OF d.proc_time AS c ON d.ip = c.ip",
                        "it looks up table 'cities' with an inner join, which drops the rows"
                                + " without a match: they would have no enrichment at all, a gap"
                                + " the job cannot write past. Write LEFT JOIN: rows without a"
                                + " match get NULL (or a default, e.g. COALESCE(<alias>.<column>,"
                                + " 'unknown'))."),
                rejection(
                        "alias not in the group",
                        "SELECT ip AS town FROM device_logs",
                        "'town' is not a column of group 'geo' (group columns: city,"
                                + " country)."),
                rejection(
                        "column of another group",
                        "SELECT ip AS score FROM device_logs",
                        "'score' is not a column of group 'geo' (group columns: city, country);"
                                + " it belongs to group 'risk'. Write each group with its own"
                                + " INSERT."),
                rejection(
                        "identity column selected",
                        "SELECT _bucket, ip AS city FROM device_logs",
                        "'_bucket' is not a column of group 'geo' (group columns: city,"
                                + " country); the concise form adds the identity columns itself."
                                + " Leave it out."),
                rejection(
                        "value without a name",
                        "SELECT UPPER(ip) FROM device_logs",
                        "the value UPPER(`ip`) has no name; write UPPER(`ip`) AS <column> with a"
                                + " column of group 'geo' (city, country), or list the columns:"
                                + " INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo')"
                                + " */ (city, country) SELECT ..."),
                rejection(
                        "select star",
                        "SELECT * FROM device_logs",
                        "it selects *; name each enrichment value after a column of group 'geo'"
                                + " (city, country), e.g. SELECT <expression> AS city FROM"
                                + " device_logs."),
                rejection(
                        "column given twice",
                        "SELECT ip AS city, payload AS city FROM device_logs",
                        "it gives column 'city' twice; give each group column one value."),
                rejection(
                        "column list and values differ",
                        "(city) SELECT ip, payload FROM device_logs",
                        "its column list names 1 columns but its SELECT has 2 values; give one"
                                + " value per listed column."),
                rejection(
                        "NOT NULL column missing",
                        "SELECT ip AS city FROM strict_logs",
                        "column 'country' of group 'geo' is NOT NULL but gets no value. Add"
                                + " <expression> AS country to the SELECT."),
                rejection(
                        "WHERE with a NOT NULL column",
                        "SELECT ip AS city, ip AS country FROM strict_logs WHERE ip <> ''",
                        "its WHERE clause leaves rows outside it with NULL enrichment, but column"
                                + " 'country' of group 'geo' is NOT NULL. Drop the WHERE clause"
                                + " and give every row a value, e.g. CASE WHEN <condition> THEN"
                                + " <value> ELSE <default> END AS country."));
    }

    @Test
    void anUnknownGroupNamesTheGroups() {
        assertThatThrownBy(
                        () ->
                                planner.plan(
                                        "INSERT INTO device_logs /*+"
                                                + " OPTIONS('enrichment.group'='weather') */"
                                                + " SELECT ip AS sky FROM device_logs"))
                .isInstanceOf(EnrichmentPlanningException.class)
                .hasMessage(
                        "Table 'enrich.fluss.device_logs' has no column group 'weather' (groups:"
                                + " geo, risk). Check the 'enrichment.group' option.");
    }

    @Test
    void overwriteIsRejected() {
        assertThatThrownBy(
                        () ->
                                planner.plan(
                                        "INSERT OVERWRITE device_logs /*+"
                                                + " OPTIONS('enrichment.group'='geo') */ SELECT ip"
                                                + " AS city FROM device_logs"))
                .isInstanceOf(EnrichmentPlanningException.class)
                .hasMessageEndingWith(
                        "is rejected: INSERT OVERWRITE and PARTITION clauses replace rows; an"
                                + " enrichment adds values to existing rows. Write INSERT INTO"
                                + " <table> SELECT ... instead.");
    }
}
