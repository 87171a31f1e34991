/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.security;

import dev.flussenrich.FlussEnrich;
import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.embedded.PlainSaslUsers;
import dev.flussenrich.testutils.CapturedLogs;
import dev.flussenrich.testutils.DeviceLog;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.OwnFlussCluster;
import dev.flussenrich.testutils.SecuredFluss;

import org.apache.fluss.client.admin.OffsetSpec;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.security.acl.OperationType;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.flussenrich.testutils.FlinkSql.await;
import static dev.flussenrich.testutils.FlinkSql.collect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * fluss-enrich against a Fluss cluster that authenticates users (SASL/PLAIN) and checks every
 * request against its ACLs: the catalog, the {@code 'connector'} table and the DataStream builders
 * pass {@code client.security.*} through, and a missing right is a clear error.
 */
class SecuredClusterITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    private static final String DATABASE = "secured";
    private static final PlainSaslUsers USERS =
            PlainSaslUsers.withSuperUser("admin", "admin-secret")
                    .user("enricher", "enricher-secret")
                    .user("reader", "reader-secret")
                    .user("intruder", "intruder-secret");

    /** The super user's connection is {@code FLUSS.connection()}. */
    @RegisterExtension
    static final OwnFlussCluster FLUSS =
            OwnFlussCluster.builder().secured(USERS).database(DATABASE).build();

    private static int tableCount;

    @Test
    void aUserWithRightsEnrichesAndAReaderSeesTheRowsThroughEverySurfaceAndNoPasswordIsLogged()
            throws Exception {
        TablePath table = createTableWithThreeRows();
        grant("enricher", table, OperationType.READ);
        grant("enricher", companionOf(table), OperationType.READ, OperationType.WRITE);
        grant("reader", table, OperationType.READ);
        grant("reader", companionOf(table), OperationType.READ);

        CapturedLogs logs = CapturedLogs.start();
        try {
            await(batchAs("enricher").executeSql(enrichGeo(table)));
            readThroughEverySurface(table);
        } finally {
            logs.close();
        }
        assertThat(logs.lines()).isNotEmpty();
        for (String secret : List.of("admin-secret", "enricher-secret", "reader-secret")) {
            assertThat(logs.lines()).noneMatch(line -> line.contains(secret));
        }
    }

    private static void readThroughEverySurface(TablePath table) throws Exception {

        List<String> expected =
                List.of("+I[1, ip1, city-ip1]", "+I[2, ip2, city-ip2]", "+I[3, ip3, city-ip3]");
        // The catalog.
        assertThat(collect(batchAs("reader"), "SELECT id, ip, city FROM " + table.getTableName()))
                .containsExactlyInAnyOrderElementsOf(expected);
        // A table declared with 'connector' = 'fluss-enrich'.
        TableEnvironment plain = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        plain.executeSql(
                "CREATE TEMPORARY TABLE logs (id INT, ip STRING, city STRING) WITH ("
                        + "'connector' = 'fluss-enrich', 'bootstrap.servers' = '"
                        + FLUSS.bootstrapServers()
                        + "', 'fluss.table' = '"
                        + table
                        + "', "
                        + SecuredFluss.sqlOptions(USERS.clientOptions("reader"))
                        + ")");
        assertThat(collect(plain, "SELECT id, ip, city FROM logs"))
                .containsExactlyInAnyOrderElementsOf(expected);
        // The DataStream source.
        assertThat(readWithDataStream(table, "reader"))
                .containsExactlyInAnyOrder("1, ip1", "2, ip2", "3, ip3");
    }

    @Test
    void aUserWhoMayNotWriteTheCompanionFailsBeforeAnyRowIsWritten() throws Exception {
        TablePath table = createTableWithThreeRows();
        grant("intruder", table, OperationType.READ);
        grant("intruder", companionOf(table), OperationType.READ);

        assertThatThrownBy(() -> await(batchAs("intruder").executeSql(enrichGeo(table))))
                .rootCause()
                .hasMessageStartingWith(
                        "Writing group 'geo' of table '"
                                + table
                                + "' to companion '"
                                + companionOf(table)
                                + "' is not allowed: Fluss user 'intruder' has no WRITE"
                                + " permission on table '"
                                + companionOf(table)
                                + "'")
                .hasMessageContaining("Nothing was written.");
        assertThat(companionRows(table)).isZero();

        // Granted, the same statement enriches every row.
        grant("intruder", companionOf(table), OperationType.WRITE);
        await(batchAs("intruder").executeSql(enrichGeo(table)));
        assertThat(companionRows(table)).isEqualTo(3);
    }

    @Test
    void aJobWritingTwoGroupsFailsBeforeAnyRowIsWrittenWhenTheUserMayNotWriteOne()
            throws Exception {
        TablePath table =
                createTableWithThreeRows(", score INT", ", 'column-groups.risk' = 'score'");
        TablePath risk = EnrichedTableLayout.companionPath(table, "risk");
        grant("intruder", table, OperationType.READ);
        grant("intruder", companionOf(table), OperationType.READ, OperationType.WRITE);
        grant("intruder", risk, OperationType.READ);
        String enrichBoth =
                "INSERT INTO "
                        + table.getTableName()
                        + " /*+ OPTIONS('enrichment.group' = 'geo, risk') */"
                        + " (_bucket, _offset, city, score)"
                        + " SELECT _bucket, _offset, CONCAT('city-', ip), id * 10 FROM "
                        + table.getTableName();

        // The two groups' writers open side by side: the failing one's own error comes out.
        assertThatThrownBy(() -> await(batchAs("intruder").executeSql(enrichBoth)))
                .rootCause()
                .hasMessageStartingWith(
                        "Writing group 'risk' of table '"
                                + table
                                + "' to companion '"
                                + risk
                                + "' is not allowed: Fluss user 'intruder' has no WRITE"
                                + " permission on table '"
                                + risk
                                + "'");
        assertThat(rowsOf(companionOf(table))).isZero();
        assertThat(rowsOf(risk)).isZero();

        grant("intruder", risk, OperationType.WRITE);
        await(batchAs("intruder").executeSql(enrichBoth));
        assertThat(rowsOf(companionOf(table))).isEqualTo(3);
        assertThat(rowsOf(risk)).isEqualTo(3);
    }

    @Test
    void aReaderNeedsDescribeOnEveryCompanionAndReadOnTheGroupsItReads() throws Exception {
        TablePath table = createTableWithThreeRows();
        await(batchAs("admin").executeSql(enrichGeo(table)));
        grant("reader", table, OperationType.READ);
        TableEnvironment reader = batchAs("reader");
        assertThatThrownBy(() -> collect(reader, "SELECT id, ip FROM " + table.getTableName()))
                .rootCause()
                .hasMessageStartingWith(
                        "Column group 'geo' of table '"
                                + table
                                + "' is stored in companion table '"
                                + companionOf(table)
                                + "', which this Fluss user may not see (Principal"
                                + " FlussPrincipal{name='reader', type='User'} have no"
                                + " authorization to operate DESCRIBE on resource");

        grant("reader", companionOf(table), OperationType.DESCRIBE);
        assertThat(collect(reader, "SELECT id, ip FROM " + table.getTableName()))
                .containsExactlyInAnyOrder("+I[1, ip1]", "+I[2, ip2]", "+I[3, ip3]");
        assertThatThrownBy(() -> collect(reader, "SELECT id, city FROM " + table.getTableName()))
                .rootCause()
                .hasMessage(
                        "Reading table '"
                                + companionOf(table)
                                + "' needs READ on it (No permission to READ table "
                                + companionOf(table).getTableName()
                                + " in database secured). Readers of a group's columns and the"
                                + " group's enrichment job need READ on its companion table,"
                                + " every reader READ on the base table: grant it, or read only"
                                + " columns this Fluss user may read.");
    }

    @Test
    void aWrongPasswordIsAClearError() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        Map<String, String> options = new java.util.LinkedHashMap<>(USERS.clientOptions("reader"));
        options.put("client.security.sasl.password", "not-the-password");
        assertThatThrownBy(
                        () ->
                                tEnv.executeSql(
                                        SecuredFluss.catalogDdl(
                                                FLUSS.cluster(), DATABASE, options)))
                .satisfies(
                        failure ->
                                assertThat(ExceptionUtils.stringifyException(failure))
                                        .contains(
                                                "Fluss at '"
                                                        + FLUSS.bootstrapServers()
                                                        + "' refused the login of user 'reader':"
                                                        + " Authentication failed: Invalid"
                                                        + " username or password. Check"
                                                        + " 'client.security.sasl.username'")
                                        .doesNotContain("not-the-password"));
    }

    @Test
    void showCreateTableKeepsTheCatalogsPasswordOut() throws Exception {
        TablePath table = createTableWithThreeRows();
        grant("reader", table, OperationType.READ);
        grant("reader", companionOf(table), OperationType.READ);
        String ddl = collect(batchAs("reader"), "SHOW CREATE TABLE " + table.getTableName()).get(0);
        assertThat(ddl).contains("'column-groups.geo' = 'city'").doesNotContain("reader-secret");
    }

    // ---------------------------------------------------------------------------------------

    private static void grant(String user, TablePath table, OperationType... operations)
            throws Exception {
        SecuredFluss.grant(FLUSS.cluster(), FLUSS.connection(), user, table, operations);
    }

    private static TableEnvironment batchAs(String user) {
        return SecuredFluss.batchWithCatalog(FLUSS.cluster(), DATABASE, USERS.clientOptions(user));
    }

    private static TablePath createTableWithThreeRows() throws Exception {
        return createTableWithThreeRows("", "");
    }

    /** With more columns and options, e.g. another group's. */
    private static TablePath createTableWithThreeRows(String moreColumns, String moreOptions)
            throws Exception {
        TablePath table = TablePath.of(DATABASE, "logs_" + (++tableCount));
        TableEnvironment admin = batchAs("admin");
        admin.executeSql(
                "CREATE TABLE "
                        + table.getTableName()
                        + " (id INT, ip STRING, city STRING"
                        + moreColumns
                        + ") WITH ('bucket.num' = '2',"
                        + " 'bucket.key' = 'id', 'column-groups.geo' = 'city'"
                        + moreOptions
                        + ")");
        await(
                admin.executeSql(
                        "INSERT INTO "
                                + table.getTableName()
                                + " (id, ip) VALUES (1, 'ip1'), (2, 'ip2'), (3, 'ip3')"));
        return table;
    }

    private static String enrichGeo(TablePath table) {
        return "INSERT INTO "
                + table.getTableName()
                + " /*+ OPTIONS('enrichment.group' = 'geo') */ (_bucket, _offset, city)"
                + " SELECT _bucket, _offset, CONCAT('city-', ip) FROM "
                + table.getTableName();
    }

    private static TablePath companionOf(TablePath table) {
        return EnrichedTableLayout.companionPath(table, "geo");
    }

    private static long companionRows(TablePath table) throws Exception {
        return rowsOf(companionOf(table));
    }

    private static long rowsOf(TablePath table) throws Exception {
        return FLUSS
                .connection()
                .getAdmin()
                .listOffsets(table, List.of(0, 1), new OffsetSpec.LatestSpec())
                .all()
                .get()
                .values()
                .stream()
                .mapToLong(Long::longValue)
                .sum();
    }

    private static List<String> readWithDataStream(TablePath table, String user) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        var source =
                FlussEnrich.<DeviceLog>source()
                        .setBootstrapServers(FLUSS.bootstrapServers())
                        .setTable(table.getDatabaseName(), table.getTableName())
                        .setColumns("id", "ip")
                        .setStartPosition(StartPosition.earliest())
                        .setBounded(true)
                        .setDeserializer(new DeviceLog.Deserializer());
        USERS.clientOptions(user).forEach(source::setClientOption);
        List<String> rows = new ArrayList<>();
        env.fromSource(source.build(), WatermarkStrategy.noWatermarks(), "secured")
                .map(row -> row.id + ", " + row.ip)
                .executeAndCollect()
                .forEachRemaining(rows::add);
        return rows;
    }
}
