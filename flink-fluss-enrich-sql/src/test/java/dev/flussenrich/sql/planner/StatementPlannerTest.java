/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.sql.PlannedStatement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Golden rewrites of the statement planner (no cluster needed). The rejections of meaningless
 * enrichments are {@link ConciseInsertChecksTest}'s.
 */
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
                                        + " 'enrichment.gap-policy'='fill-null') */ SELECT"
                                        + " c.city_name AS city, c.country AS country FROM"
                                        + " device_logs /*+ OPTIONS('client.x'='1') */ AS d LEFT"
                                        + " JOIN cities /*+ OPTIONS('lookup.cache'='PARTIAL') */"
                                        + " FOR SYSTEM_TIME AS OF d.proc_time AS c ON d.ip ="
                                        + " c.ip"))
                .isEqualTo(
                        "INSERT INTO `device_logs` /*+ OPTIONS('enrichment.group'='geo',"
                                + " 'enrichment.gap-policy'='fill-null') */ (`_bucket`,"
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

    @Test
    void aMeaninglessEnrichmentIsRejectedBeforeFlinkSeesIt() {
        assertThatThrownBy(
                        () ->
                                planner.plan(
                                        "INSERT INTO device_logs /*+ enrichment.group='geo' */"
                                                + " SELECT ip AS city FROM device_logs GROUP BY"
                                                + " ip"))
                .isInstanceOf(EnrichmentPlanningException.class)
                .hasMessageStartingWith(
                        "Enrichment INSERT of group 'geo' into table 'enrich.fluss.device_logs' is"
                                + " rejected: it has GROUP BY/HAVING");
    }
}
