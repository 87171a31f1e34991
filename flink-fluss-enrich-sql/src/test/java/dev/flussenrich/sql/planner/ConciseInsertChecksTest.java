/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.table.FlussEnrichConnectorOptions;

import org.apache.flink.sql.parser.dml.RichSqlInsert;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The checks of a concise enrichment INSERT, on parsed statements (no cluster needed): what a
 * meaningful INSERT yields, and the rejection of each meaningless one with what to write instead.
 */
class ConciseInsertChecksTest {

    private static final PlannerTargets TARGETS = new PlannerTargets();

    /** Checks an INSERT into the table and group it names, as the planner does. */
    private static ConciseEnrichmentInsert check(String statement) throws Exception {
        RichSqlInsert insert = (RichSqlInsert) SqlParsing.parse(statement);
        EnrichmentTarget target = TARGETS.find(SqlParsing.targetTable(insert).names).orElseThrow();
        String group =
                HintText.option(
                        HintText.hintsOf(insert.getTableHints()),
                        FlussEnrichConnectorOptions.ENRICHMENT_GROUP.key());
        return new ConciseInsertChecks(insert, target, List.of(group.split(", ")), TARGETS).check();
    }

    @Test
    void anInsertOfTwoGroupsWritesColumnsOfBothAndStartsAtTheLowerWatermark() throws Exception {
        ConciseEnrichmentInsert checked =
                check(
                        "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo, risk') */"
                                + " SELECT UPPER(ip) AS city, CHAR_LENGTH(ip) * 1.0 AS score FROM"
                                + " device_logs");
        assertThat(checked.columns()).containsExactly("city", "score");
        assertThat(checked.explicitForm())
                .contains("(`_bucket`, `_offset`, `city`, `score`)")
                .contains("'scan.startup.enrichment.group'='geo, risk'");
        assertThatThrownBy(
                        () ->
                                check(
                                        "INSERT INTO device_logs /*+"
                                                + " OPTIONS('enrichment.group'='geo, risk') */"
                                                + " SELECT UPPER(city) AS country, 1.0 AS score"
                                                + " FROM device_logs"))
                .hasMessageContaining(
                        "it reads column 'city' of group 'geo', the group it writes; a group"
                                + " cannot be computed from itself.");
        assertThatThrownBy(
                        () ->
                                check(
                                        "INSERT INTO device_logs /*+"
                                                + " OPTIONS('enrichment.group'='geo, risk') */"
                                                + " SELECT * FROM device_logs"))
                .hasMessage(
                        "Enrichment INSERT of group 'geo, risk' into table 'enrich.fluss.device_logs'"
                                + " is rejected: it selects *; name each enrichment value after a"
                                + " column of group 'geo, risk' (city, country, score), e.g."
                                + " SELECT <expression> AS city FROM device_logs.");
    }

    @Test
    void aMeaningfulInsertYieldsItsValuesAndTheColumnsTheyWrite() throws Exception {
        ConciseEnrichmentInsert checked =
                check(
                        "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */"
                                + " (country, city) SELECT UPPER(ip), d.payload FROM device_logs"
                                + " AS d WHERE ip <> ''");
        assertThat(checked.columns()).containsExactly("country", "city");
        assertThat(checked.values().stream().map(SqlParsing::unparse))
                .containsExactly("UPPER(`ip`)", "`d`.`payload`");
        assertThat(SqlParsing.unparse(checked.where())).isEqualTo("`ip` <> ''");
        assertThat(checked.from().source().qualifier()).isEqualTo("d");
        assertThat(checked.from().joins()).isEmpty();

        ConciseEnrichmentInsert named =
                check(
                        "INSERT INTO device_logs /*+ OPTIONS('enrichment.group'='geo') */ SELECT"
                                + " c.city, UPPER(ip) AS country FROM device_logs LEFT JOIN cities"
                                + " FOR SYSTEM_TIME AS OF PROCTIME() AS c ON device_logs.ip ="
                                + " c.ip");
        assertThat(named.columns())
                .as("the last name part, else the alias")
                .containsExactly("city", "country");
        assertThat(named.from().joins())
                .singleElement()
                .satisfies(join -> assertThat(join.table().qualifier()).isEqualTo("c"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejections")
    void meaninglessEnrichmentsAreRejectedWithWhatToWriteInstead(
            String mistake, String table, String statement, String reason) {
        assertThatThrownBy(() -> check(statement))
                .isInstanceOf(EnrichmentPlanningException.class)
                .hasMessage(
                        "Enrichment INSERT of group 'geo' into table 'enrich.fluss."
                                + table
                                + "' is rejected: "
                                + reason);
    }

    /** An INSERT into group 'geo' of the table the rest of the statement reads first. */
    private static Arguments rejection(String mistake, String selectAndRest, String reason) {
        String table =
                Stream.of("strict_logs", "required_logs")
                        .filter(selectAndRest::contains)
                        .findFirst()
                        .orElse("device_logs");
        return Arguments.of(
                mistake,
                table,
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
                                + " INSERT, or name 'risk' in 'enrichment.group' too."),
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
                                + " <value> ELSE <default> END AS country."),
                // Not a plain SELECT
                rejection(
                        "partition clause",
                        "PARTITION (ip = 'a') SELECT payload AS city FROM device_logs",
                        "INSERT OVERWRITE and PARTITION clauses replace rows; an enrichment adds"
                                + " values to existing rows. Write INSERT INTO <table> SELECT ..."
                                + " instead."),
                rejection(
                        "values",
                        "VALUES ('x', 'y')",
                        "no value it writes reads a column of the table (functions like"
                                + " CURRENT_TIMESTAMP do not count), so every row would get the"
                                + " same enrichment. Compute each value from the row, e.g."
                                + " SELECT f(device_id) AS city FROM device_logs."),
                rejection(
                        "with clause",
                        "WITH t AS (SELECT ip FROM device_logs) SELECT ip AS city FROM t",
                        "it has a WITH clause; an enrichment reads the table it enriches"
                                + " directly. Inline the query into one SELECT over the table."),
                rejection(
                        "intersect",
                        "SELECT ip AS city FROM device_logs INTERSECT SELECT ip AS city FROM"
                                + " device_logs",
                        "it combines queries with INTERSECT; an enrichment computes one value"
                                + " per row from one SELECT over the table. Write one INSERT with"
                                + " one SELECT."),
                rejection(
                        "explicit table",
                        "TABLE device_logs",
                        "its source is not a SELECT over the table."),
                rejection(
                        "having",
                        "SELECT ip AS city FROM device_logs HAVING COUNT(*) > 1",
                        "it has GROUP BY/HAVING; an enrichment value belongs to one row, not to"
                                + " a group of rows. Compute per-row values (aggregate when"
                                + " reading)."),
                rejection(
                        "window clause",
                        "SELECT ip AS city FROM device_logs WINDOW w AS (ORDER BY proc_time)",
                        "it uses a window (OVER, WINDOW or a window table function); an"
                                + " enrichment value is computed from its own row (and lookup"
                                + " joins), not from neighbouring rows."),
                rejection(
                        "offset",
                        "SELECT ip AS city FROM device_logs OFFSET 4 ROWS",
                        "it has LIMIT/OFFSET/FETCH; every row of the table is enriched. To enrich"
                                + " some rows only, use WHERE (rows outside it get NULL"
                                + " enrichment)."),
                // Not the table itself
                rejection(
                        "subquery in FROM",
                        "SELECT ip AS city FROM (SELECT * FROM device_logs)",
                        "it reads a subquery instead of the table it enriches. Read the table"
                                + " itself (other tables can be joined as lookup joins: "
                                + lookupHint
                                + ")."),
                rejection(
                        "table function in FROM",
                        "SELECT ip AS city FROM device_logs, LATERAL TABLE(split(ip)) AS t(part)",
                        "it joins a table function with a regular join (COMMA); only lookup"
                                + " joins keep one output row per row of the table. Join other"
                                + " tables as lookup joins: "
                                + lookupHint),
                rejection(
                        "alias renaming the columns",
                        "SELECT a AS city FROM device_logs AS d (a, b, c, d, e, f, g)",
                        "it renames the columns of table 'device_logs' in its alias; refer to the"
                                + " table's own column names."),
                rejection(
                        "regular left join",
                        "SELECT o.name AS city FROM device_logs d LEFT JOIN other o ON d.ip ="
                                + " o.ip",
                        "it joins table 'other' with a regular join (LEFT); only lookup joins"
                                + " keep one output row per row of the table. Join other tables"
                                + " as lookup joins: "
                                + lookupHint),
                rejection(
                        "subquery in a join condition",
                        "SELECT c.city_name AS city FROM device_logs d LEFT JOIN cities FOR"
                                + " SYSTEM_TIME AS OF d.proc_time AS c ON d.ip = c.ip AND d.ip IN"
                                + " (SELECT ip FROM bad)",
                        "it has a subquery, which reads another query's rows; read other tables"
                                + " through lookup joins: "
                                + lookupHint
                                + "."),
                // Columns
                rejection(
                        "NOT NULL columns missing",
                        "SELECT ip AS zip FROM required_logs",
                        "columns city, country of group 'geo' are NOT NULL but gets no value."
                                + " Add <expression> AS city to the SELECT."),
                rejection(
                        "WHERE with NOT NULL columns",
                        "SELECT ip AS city, ip AS country FROM required_logs WHERE ip <> ''",
                        "its WHERE clause leaves rows outside it with NULL enrichment, but"
                                + " columns city, country of group 'geo' are NOT NULL. Drop the"
                                + " WHERE clause and give every row a value, e.g. CASE WHEN"
                                + " <condition> THEN <value> ELSE <default> END AS city."));
    }

    @Test
    void anUnknownGroupNamesTheGroups() {
        assertThatThrownBy(
                        () ->
                                check(
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
                                check(
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
