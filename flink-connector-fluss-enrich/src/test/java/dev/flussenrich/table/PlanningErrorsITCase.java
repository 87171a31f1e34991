/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataTypes;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Every planning-time rejection of the connector, asserted by message; no job runs. */
@ExtendWith(SharedFlussCluster.class)
class PlanningErrorsITCase {

    private static TableEnvironment tEnv;
    private static String table;

    @BeforeAll
    static void createTable() {
        tEnv = FlinkSql.batch();
        table = SharedFlussCluster.newTablePath("errors").getTableName();
        tEnv.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, country STRING, score DOUBLE) WITH"
                        + " ('bucket.num' = '1', 'column-groups.geo' = 'city, country',"
                        + " 'column-groups.risk' = 'score')");
    }

    /** The message of the innermost ValidationException thrown while planning. */
    private static org.assertj.core.api.AbstractStringAssert<?> assertThatPlanning(
            org.assertj.core.api.ThrowableAssert.ThrowingCallable plan) {
        Throwable thrown = catchThrowable(plan);
        assertThat(thrown).as("planning should fail").isNotNull();
        ValidationException innermost = null;
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof ValidationException validation) {
                innermost = validation;
            }
        }
        assertThat(innermost).as("a ValidationException in %s", thrown).isNotNull();
        return assertThat(innermost.getMessage());
    }

    private static String path() {
        return SharedFlussCluster.DATABASE + "." + table;
    }

    private static String enrich(String group, String columns, String select) {
        return "INSERT INTO "
                + table
                + " /*+ OPTIONS('enrichment.group' = '"
                + group
                + "') */ ("
                + columns
                + ") SELECT "
                + select
                + " FROM "
                + table;
    }

    @Test
    void unknownGroup() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        enrich(
                                                "weather",
                                                "_bucket, _offset, city",
                                                "_bucket, _offset, ip")))
                .isEqualTo(
                        "Table '"
                                + path()
                                + "' has no column group 'weather' (groups: geo, risk). Check the"
                                + " 'enrichment.group' option.");
    }

    @Test
    void columnOfAnotherGroup() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        enrich(
                                                "geo",
                                                "_bucket, _offset, city, score",
                                                "_bucket, _offset, ip, 1.0")))
                .isEqualTo(
                        "Column 'score' is not in enrichment group 'geo' of table '"
                                + path()
                                + "' (group columns: city, country); it belongs to group 'risk'."
                                + " Write each group with its own INSERT, or name 'risk' in"
                                + " 'enrichment.group' too.");
    }

    @Test
    void columnOfAGroupThatSeveralGroupsLeaveOut() {
        String other = SharedFlussCluster.newTablePath("errors_three").getTableName();
        tEnv.executeSql(
                "CREATE TABLE "
                        + other
                        + " (id INT, city STRING, score DOUBLE, device STRING) WITH ('bucket.num' ="
                        + " '1', 'column-groups.geo' = 'city', 'column-groups.risk' = 'score',"
                        + " 'column-groups.ua' = 'device')");
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        "INSERT INTO "
                                                + other
                                                + " /*+ OPTIONS('enrichment.group' = 'geo, risk')"
                                                + " */ (_bucket, _offset, city, score, device)"
                                                + " SELECT _bucket, _offset, 'c', 1.0, 'd' FROM "
                                                + other))
                .isEqualTo(
                        "Column 'device' is not in enrichment groups 'geo', 'risk' of table '"
                                + SharedFlussCluster.DATABASE
                                + "."
                                + other
                                + "' (group columns: city, score); it belongs to group 'ua'."
                                + " Write each group with its own INSERT, or name 'ua' in"
                                + " 'enrichment.group' too.");
    }

    @Test
    void aGroupOfSeveralWithoutAColumn() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        enrich(
                                                "geo, risk",
                                                "_bucket, _offset, city",
                                                "_bucket, _offset, ip")))
                .isEqualTo(
                        "An enrichment write of group 'risk' into table '"
                                + path()
                                + "' names no column of the group (score), e.g. INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo, risk') */ (_bucket,"
                                + " _offset, city, country, score) SELECT _bucket, _offset,"
                                + " <enrichment expressions> FROM "
                                + table);
    }

    @Test
    void aGroupNamedTwice() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        enrich(
                                                "geo, risk, geo",
                                                "_bucket, _offset, city",
                                                "_bucket, _offset, ip")))
                .isEqualTo(
                        "'enrichment.group' = 'geo, risk, geo' names group 'geo' twice. Name each"
                                + " group once.");
    }

    @Test
    void baseColumnInAnEnrichmentWrite() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        enrich(
                                                "geo",
                                                "_bucket, _offset, ip",
                                                "_bucket, _offset, ip")))
                .isEqualTo(
                        "Column 'ip' of table '"
                                + path()
                                + "' cannot be written by an enrichment write of group 'geo': only"
                                + " _bucket, _offset and the group columns (city, country) can."
                                + " e.g. INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo') */ (_bucket, _offset,"
                                + " city, country) SELECT _bucket, _offset, <enrichment"
                                + " expressions> FROM "
                                + table);
    }

    @Test
    void missingIdentityColumns() {
        assertThatPlanning(() -> tEnv.explainSql(enrich("geo", "_bucket, city", "_bucket, ip")))
                .isEqualTo(
                        "An enrichment write of group 'geo' into table '"
                                + path()
                                + "' must name the identity columns _bucket, _offset (missing:"
                                + " _offset), e.g. INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo') */ (_bucket, _offset,"
                                + " city, country) SELECT _bucket, _offset, <enrichment"
                                + " expressions> FROM "
                                + table);
    }

    @Test
    void enrichmentWithoutAColumnList() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        "INSERT INTO "
                                                + table
                                                + " /*+ OPTIONS('enrichment.group' = 'geo') */"
                                                + " SELECT id, ip, 'c', 'x', 1.0, _bucket, _offset FROM "
                                                + table))
                .startsWith(
                        "An enrichment write of group 'geo' into table '"
                                + path()
                                + "' needs a column list naming the identity columns and the"
                                + " group columns");
    }

    @Test
    void groupColumnInABaseWrite() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        "INSERT INTO "
                                                + table
                                                + " (id, ip, city) VALUES (1, 'a', 'b')"))
                .isEqualTo(
                        "Column 'city' belongs to column group 'geo' of table '"
                                + path()
                                + "' and cannot be written by a base INSERT. Write it with an"
                                + " enrichment INSERT: INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'geo') */ (_bucket, _offset,"
                                + " city, country) SELECT ...");
    }

    @Test
    void identityColumnInABaseWrite() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        "INSERT INTO "
                                                + table
                                                + " (id, _offset) VALUES (1, CAST(5 AS BIGINT))"))
                .isEqualTo(
                        "Column '_offset' of table '"
                                + path()
                                + "' is assigned by Fluss: a base INSERT cannot write it. Name it"
                                + " only in an enrichment write (option 'enrichment.group').");
    }

    @Test
    void unknownOption() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        "SELECT * FROM "
                                                + table
                                                + " /*+ OPTIONS('scan.startup.mod' = 'latest') */"))
                .contains("Unsupported options found for 'fluss-enrich'")
                .contains("scan.startup.mod");
    }

    @Test
    void bufferBoundBelowOne() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        "SELECT * FROM "
                                                + table
                                                + " /*+ OPTIONS('scan.max-buffered-bytes' = '0b')"
                                                + " */"))
                .isEqualTo("'scan.max-buffered-bytes' must be at least 1 byte, got '0 bytes'.");
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        "SELECT * FROM "
                                                + table
                                                + " /*+ OPTIONS('scan.max-buffered-rows' = '0') */"))
                .isEqualTo("'scan.max-buffered-rows' must be at least 1, got 0.");
    }

    @Test
    void startupTimestampWithoutATimestamp() {
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        "SELECT * FROM "
                                                + table
                                                + " /*+ OPTIONS('scan.startup.mode' = 'timestamp') */"))
                .isEqualTo(
                        "'scan.startup.timestamp' is required when 'scan.startup.mode' = 'timestamp'.");
    }

    @Test
    void enrichmentOfAPrimaryKeyTable() throws Exception {
        TablePath pk = SharedFlussCluster.newTablePath("pk");
        SharedFlussCluster.admin()
                .createTable(
                        pk,
                        TableDescriptor.builder()
                                .schema(
                                        Schema.newBuilder()
                                                .column("id", DataTypes.INT().copy(false))
                                                .column("city", DataTypes.STRING())
                                                .primaryKey("id")
                                                .build())
                                .distributedBy(1)
                                .build(),
                        false)
                .get();
        tEnv.executeSql(
                "CREATE TEMPORARY TABLE default_catalog.default_database.pk_table (id INT, city"
                        + " STRING, _bucket INT METADATA FROM 'bucket', _offset BIGINT METADATA FROM"
                        + " 'offset') WITH ('connector' = 'fluss-enrich', 'bootstrap.servers' = '"
                        + SharedFlussCluster.cluster().bootstrapServers()
                        + "', 'fluss.table' = '"
                        + pk
                        + "')");
        assertThatPlanning(
                        () ->
                                tEnv.explainSql(
                                        "INSERT INTO default_catalog.default_database.pk_table"
                                                + " /*+ OPTIONS('enrichment.group' = 'geo') */"
                                                + " (_bucket, _offset, city) VALUES (0,"
                                                + " CAST(0 AS BIGINT), 'x')"))
                .isEqualTo(
                        "Table '"
                                + pk
                                + "' is a primary-key table: fluss-enrich reads and writes log"
                                + " tables only (primary-key tables already support partial"
                                + " updates). Use Fluss's own catalog ('type' = 'fluss') or"
                                + " connector ('connector' = 'fluss') for it.");
    }
}
