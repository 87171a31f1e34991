/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import dev.flussenrich.testutils.InterceptedConnection;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.exception.TableNotExistException;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableChange;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataTypes;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@ExtendWith(SharedFlussCluster.class)
class EnrichedTablesITCase {

    private Admin admin;
    private EnrichedTables tables;

    @BeforeEach
    void setUp() {
        admin = SharedFlussCluster.admin();
        tables = new EnrichedTables(admin);
    }

    @Test
    void createStoresTheBaseAndOneCompanionPerGroupWithTheBasesLayout() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("layout");
        TableDescriptor logical =
                TableDescriptor.builder(TestTables.deviceLogs(3))
                        .property("table.log.ttl", "3d")
                        .build();
        tables.create(path, logical, false);

        TableInfo base = admin.getTableInfo(path).get();
        assertThat(base.getRowType().getFieldNames()).containsExactly("id", "ip");
        assertThat(base.getCustomProperties().toMap())
                .containsEntry("column-groups.geo", "city")
                .containsEntry("column-groups.risk", "score");

        TableInfo geo =
                admin.getTableInfo(
                                TablePath.of(
                                        path.getDatabaseName(),
                                        path.getTableName() + "--enrich--geo"))
                        .get();
        assertThat(geo.getRowType().getFieldNames())
                .containsExactly("_enrich_route", "_source_offset", "city");
        assertThat(geo.getNumBuckets()).isEqualTo(3);
        assertThat(geo.getBucketKeys()).containsExactly("_enrich_route");
        assertThat(geo.getProperties().toMap()).containsEntry("table.log.ttl", "3d");
        assertThat(geo.getTableConfig().getReplicationFactor())
                .isEqualTo(base.getTableConfig().getReplicationFactor());
        assertThat(EnrichedTableLayout.isCompanion(geo)).isTrue();

        EnrichedTable loaded = tables.load(path);
        assertThat(loaded.groupNames()).containsExactly("geo", "risk");
        assertThat(loaded.logicalRowType().getFieldNames())
                .containsExactly("id", "ip", "city", "score");
        assertThat(tables.listTables(path.getDatabaseName())).contains(path.getTableName());
        assertThat(tables.listTables(path.getDatabaseName()))
                .noneMatch(name -> name.contains("--enrich--"));
    }

    /**
     * The planner loads a table several times per statement, and the writers and readers load it as
     * they open. A load was 1 + 2 requests per group one after another (an existence check before
     * each table info); now it is one for the base, then one per group sent together.
     */
    @Test
    void loadingATableAsksForEachTableOnceAndForTheCompanionsTogether() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("load_requests");
        tables.create(path, TestTables.deviceLogs(1), false);
        TablePath geo = EnrichedTableLayout.companionPath(path, "geo");
        TablePath risk = EnrichedTableLayout.companionPath(path, "risk");
        List<String> requests = new CopyOnWriteArrayList<>();
        // The first companion's answer is held until the second is asked for: a load that waited
        // for one companion before asking for the next fails here.
        CompletableFuture<Void> riskAsked = new CompletableFuture<>();
        Connection counting =
                InterceptedConnection.of(
                        SharedFlussCluster.connection(),
                        InterceptedConnection.NONE,
                        (method, args, real) -> {
                            requests.add(method.getName() + " " + args[0]);
                            CompletableFuture<?> answer = (CompletableFuture<?>) real.call();
                            if (risk.equals(args[0])) {
                                riskAsked.complete(null);
                            }
                            return geo.equals(args[0])
                                    ? answer.thenCombine(
                                            riskAsked.orTimeout(5, TimeUnit.SECONDS),
                                            (info, asked) -> info)
                                    : answer;
                        });

        EnrichedTable loaded = new EnrichedTables(counting.getAdmin()).load(path);

        assertThat(loaded.groupNames()).containsExactly("geo", "risk");
        assertThat(requests)
                .containsExactly(
                        "getTableInfo " + path, "getTableInfo " + geo, "getTableInfo " + risk);
        assertThatThrownBy(
                        () ->
                                new EnrichedTables(counting.getAdmin())
                                        .load(SharedFlussCluster.newTablePath("missing")))
                .isInstanceOf(TableNotExistException.class);
    }

    @Test
    void dropRemovesTheBaseAndItsCompanions() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("dropped");
        tables.create(path, TestTables.deviceLogs(1), false);
        tables.drop(path, false);
        assertThat(tablesNamed(path)).isEmpty();
        assertThatThrownBy(() -> tables.drop(path, false))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessage("Table '" + path + "' does not exist.");
        tables.drop(path, true);
    }

    @Test
    void aCompanionCannotBeLoadedAsALogicalTable() {
        TablePath path = SharedFlussCluster.newTablePath("companion_load");
        tables.create(path, TestTables.deviceLogs(1), false);
        TablePath companion = EnrichedTableLayout.companionPath(path, "geo");
        assertThatThrownBy(() -> tables.load(companion))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessage(
                        "Table '"
                                + companion
                                + "' is a fluss-enrich companion table; use its logical table '"
                                + path.getTableName()
                                + "' instead.");
    }

    /** Every validation rule: a clear error, and no table (base or companion) left behind. */
    @Test
    void eachValidationRuleGivesAClearErrorAndCreatesNothing() throws Exception {
        assertRejected(
                "bad_name",
                t -> groups(t, "column-groups.9geo", "city"),
                "Invalid column group name '9geo' in table '%s': group names match"
                        + " [A-Za-z_][A-Za-z0-9_]* and have at most 64 characters.");
        assertRejected(
                "long_name",
                t -> groups(t, "column-groups." + "g".repeat(65), "city"),
                "Invalid column group name '"
                        + "g".repeat(65)
                        + "' in table '%s': group names match [A-Za-z_][A-Za-z0-9_]* and have at"
                        + " most 64 characters.");
        assertRejected(
                "empty_group",
                t -> groups(t, "column-groups.geo", " , "),
                "Column group 'geo' of table '%s' lists no columns: give at least one, e.g."
                        + " 'column-groups.geo' = 'col_a, col_b'.");
        assertRejected(
                "unknown_col",
                t -> groups(t, "column-groups.geo", "town"),
                "Column 'town' of column group 'geo' is not a column of table '%s' (columns: id,"
                        + " dt, ip, city, score).");
        assertRejected(
                "twice",
                t -> groups(t, "column-groups.geo", "city, city"),
                "Column 'city' is listed twice in column group 'geo' of table '%s'.");
        assertRejected(
                "two_groups",
                t -> groups(t, "column-groups.geo", "city", "column-groups.risk", "score, city"),
                "Column 'city' of table '%s' is in column groups 'geo' and 'risk': a column"
                        + " belongs to at most one group.");
        assertRejected(
                "partition_key",
                t -> groups(t, "column-groups.geo", "dt"),
                "Column 'dt' is a partition key of table '%s' and stays in the base: remove it"
                        + " from column group 'geo'.");
        assertRejected(
                "bucket_key",
                t -> groups(t, "column-groups.geo", "id"),
                "Column 'id' is a bucket key of table '%s' and stays in the base: remove it from"
                        + " column group 'geo'.");
        assertRejected(
                "all_in_groups",
                t ->
                        TableDescriptor.builder()
                                .schema(
                                        Schema.newBuilder()
                                                .column("city", DataTypes.STRING())
                                                .build())
                                .distributedBy(1)
                                .customProperty("column-groups.geo", "city")
                                .build(),
                "Table '%s' has no base column left: every column is in a column group. Keep at"
                        + " least one column outside the groups.");
        assertRejected(
                "pk",
                t ->
                        TableDescriptor.builder()
                                .schema(
                                        Schema.newBuilder()
                                                .column("id", DataTypes.INT())
                                                .column("city", DataTypes.STRING())
                                                .primaryKey("id")
                                                .build())
                                .distributedBy(1)
                                .customProperty("column-groups.geo", "city")
                                .build(),
                "Table '%s' has a primary key: column groups are for log tables only"
                        + " (primary-key tables already support partial updates). Remove the"
                        + " 'column-groups.*' options or the PRIMARY KEY.");
        assertRejected(
                "reserved",
                t ->
                        TableDescriptor.builder()
                                .schema(
                                        Schema.newBuilder()
                                                .column("id", DataTypes.INT())
                                                .column("_source_offset", DataTypes.BIGINT())
                                                .build())
                                .distributedBy(1)
                                .customProperty("column-groups.geo", "_source_offset")
                                .build(),
                "Column name '_source_offset' in column group 'geo' of table '%s' is reserved"
                        + " by fluss-enrich (reserved: _enrich_route, _source_offset). Rename"
                        + " the column.");
    }

    @Test
    void aTableNameTooLongForItsCompanionIsRejectedAndCreatesNothing() throws Exception {
        TablePath path = TablePath.of(SharedFlussCluster.DATABASE, "t".repeat(190));
        assertThatThrownBy(() -> tables.create(path, TestTables.deviceLogs(1), false))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessage(
                        "Table name '"
                                + path.getTableName()
                                + "' is too long for column group 'geo': its companion table '"
                                + path.getTableName()
                                + "--enrich--geo' would have 203 characters and Fluss allows"
                                + " 200. Use a shorter table or group name.");
        assertThat(tablesNamed(path)).isEmpty();
    }

    @Test
    void anExistingTableWithACompanionNameBlocksCreationBeforeAnythingIsCreated() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("squatted");
        admin.createTable(
                        EnrichedTableLayout.companionPath(path, "risk"),
                        TableDescriptor.builder()
                                .schema(Schema.newBuilder().column("x", DataTypes.INT()).build())
                                .distributedBy(1)
                                .build(),
                        false)
                .get();
        assertThatThrownBy(() -> tables.create(path, TestTables.deviceLogs(1), false))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessage(
                        "Cannot store column group 'risk' of table '"
                                + path
                                + "': table '"
                                + path
                                + "--enrich--risk' already exists. Drop it or choose another"
                                + " group name.");
        assertThat(admin.tableExists(path).get()).isFalse();
        assertThat(admin.tableExists(EnrichedTableLayout.companionPath(path, "geo")).get())
                .isFalse();
    }

    @Test
    void addingABadGroupChangesNothing() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("add_bad");
        tables.create(path, TestTables.deviceLogs(1), false);
        assertThatThrownBy(
                        () ->
                                tables.addGroup(
                                        path,
                                        "geo",
                                        List.of(new Schema.Column("zip", DataTypes.STRING()))))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessage("Table '" + path + "' already has a column group 'geo'.");
        assertThatThrownBy(
                        () ->
                                tables.addGroup(
                                        path,
                                        "geo2",
                                        List.of(new Schema.Column("ip", DataTypes.STRING()))))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessage(
                        "Column 'ip' already exists in table '"
                                + path
                                + "': a new column group brings new columns.");
        assertThatThrownBy(
                        () ->
                                tables.addGroup(
                                        path,
                                        "bad-name",
                                        List.of(new Schema.Column("zip", DataTypes.STRING()))))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessageStartingWith("Invalid column group name 'bad-name'");
        assertThat(tables.load(path).groupNames()).containsExactly("geo", "risk");
        assertThat(tablesNamed(path)).hasSize(3);
    }

    @Test
    void droppingAGroupRemovesItsColumnsAndCompanionEvenWhenTheCompanionIsGone() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("drop_group");
        tables.create(path, TestTables.deviceLogs(1), false);
        TablePath geo = EnrichedTableLayout.companionPath(path, "geo");
        TablePath risk = EnrichedTableLayout.companionPath(path, "risk");

        tables.dropGroup(path, "geo");
        assertThat(tables.load(path).groupNames()).containsExactly("risk");
        assertThat(tables.load(path).logicalRowType().getFieldNames())
                .containsExactly("id", "ip", "score");
        assertThat(admin.tableExists(geo).get()).isFalse();

        // A companion dropped by hand: the table cannot load, dropping the group mends it.
        admin.dropTable(risk, false).get();
        assertThatThrownBy(() -> tables.load(path))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessage(
                        "Column group 'risk' of table '%s' has no companion table '%s'. Drop the"
                                + " group (CALL <catalog>.sys.drop_column_group('%s', 'risk'), or"
                                + " EnrichedTables.dropGroup) and add it again.",
                        path, risk, path);
        tables.dropGroup(path, "risk");
        tables.addGroup(path, "risk", List.of(new Schema.Column("score", DataTypes.DOUBLE())));
        assertThat(tables.load(path).groupNames()).containsExactly("risk");

        assertThatThrownBy(() -> tables.dropGroup(path, "geo"))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessage("Table '" + path + "' has no column group 'geo' (groups: [risk]).");
    }

    /**
     * An add interrupted between its two steps leaves a companion that the base does not name.
     * Before, adding the group again failed with "already exists"; now the retry takes its place.
     */
    @Test
    void anAddInterruptedAfterTheCompanionIsCreatedCanBeRetried() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("add_retry");
        tables.create(path, TestTables.deviceLogs(1), false);
        List<Schema.Column> weather = List.of(new Schema.Column("sky", DataTypes.STRING()));
        tables.addGroup(path, "weather", weather);
        // the state after step one only: the companion exists, the base does not name it
        admin.alterTable(path, List.of(TableChange.reset("column-groups.weather")), false).get();
        assertThat(admin.tableExists(EnrichedTableLayout.companionPath(path, "weather")).get())
                .isTrue();

        tables.addGroup(path, "weather", weather);

        assertThat(tables.load(path).groupNames()).containsExactly("geo", "risk", "weather");
        assertThat(tablesNamed(path)).hasSize(4);
    }

    private void assertRejected(
            String prefix, Function<TablePath, TableDescriptor> descriptor, String message)
            throws Exception {
        TablePath path = SharedFlussCluster.newTablePath(prefix);
        assertThatThrownBy(() -> tables.create(path, descriptor.apply(path), false))
                .isInstanceOf(InvalidTableLayoutException.class)
                .hasMessage(String.format(message, path));
        assertThat(tablesNamed(path)).as("tables left behind by %s", prefix).isEmpty();
    }

    /** A partitioned logical table with the given custom properties (key, value pairs). */
    private static TableDescriptor groups(TablePath path, String... properties) {
        TableDescriptor.Builder builder =
                TableDescriptor.builder()
                        .schema(
                                Schema.newBuilder()
                                        .column("id", DataTypes.INT())
                                        .column("dt", DataTypes.STRING())
                                        .column("ip", DataTypes.STRING())
                                        .column("city", DataTypes.STRING())
                                        .column("score", DataTypes.DOUBLE())
                                        .build())
                        .partitionedBy("dt")
                        .distributedBy(2, "id");
        for (int i = 0; i < properties.length; i += 2) {
            builder.customProperty(properties[i], properties[i + 1]);
        }
        return builder.build();
    }

    /** Raw Fluss tables whose name starts with the logical table's name. */
    private List<String> tablesNamed(TablePath path) throws Exception {
        return admin.listTables(path.getDatabaseName()).get().stream()
                .filter(name -> name.startsWith(path.getTableName()))
                .toList();
    }
}
