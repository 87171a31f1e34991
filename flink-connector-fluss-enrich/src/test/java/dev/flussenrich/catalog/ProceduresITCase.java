/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import static dev.flussenrich.testutils.FlinkSql.await;
import static dev.flussenrich.testutils.FlinkSql.collect;
import static dev.flussenrich.testutils.GeoSql.createDeviceLogs;
import static dev.flussenrich.testutils.GeoSql.enrichGeo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The catalog's procedures from Flink SQL: {@code add_column_group}, {@code drop_column_group} and
 * {@code enrichment_status}.
 */
@ExtendWith(SharedFlussCluster.class)
class ProceduresITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    private static String showCreate(TableEnvironment tEnv, String table) throws Exception {
        try (CloseableIterator<Row> it = tEnv.executeSql("SHOW CREATE TABLE " + table).collect()) {
            return String.valueOf(it.next().getField(0));
        }
    }

    @Test
    void aColumnGroupIsAddedToATableWithData() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "procedures", 1);
        await(batch.executeSql("INSERT INTO " + table + " (id, ip) VALUES (1, 'a'), (2, 'b')"));
        assertThat(
                        collect(
                                batch,
                                "CALL enrich.sys.add_column_group('"
                                        + SharedFlussCluster.DATABASE
                                        + "."
                                        + table
                                        + "', 'weather', 'temperature DOUBLE, sky STRING')"))
                .containsExactly(
                        "+I[Added column group 'weather' (temperature DOUBLE, sky STRING) to "
                                + SharedFlussCluster.DATABASE
                                + "."
                                + table
                                + "]");
        assertThat(collect(batch, "SELECT id, sky FROM " + table)).isEmpty();
        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'weather') */"
                                + " (_bucket, _offset, temperature, sky)"
                                + " SELECT _bucket, _offset, 21.5, CONCAT('sunny-', ip) FROM "
                                + table));
        assertThat(collect(batch, "SELECT id, temperature, sky FROM " + table))
                .containsExactlyInAnyOrder("+I[1, 21.5, sunny-a]", "+I[2, 21.5, sunny-b]");
        assertThat(showCreate(batch, table))
                .contains("'column-groups.weather' = 'temperature, sky'");
    }

    @Test
    void aColumnGroupIsDroppedWithItsEnrichmentAndAlterTableNamesTheProcedures() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "procedures", 1);
        String qualified = SharedFlussCluster.DATABASE + "." + table;
        await(batch.executeSql("INSERT INTO " + table + " (id, ip) VALUES (1, 'a'), (2, 'b')"));
        await(batch.executeSql(enrichGeo(table)));

        assertThat(collect(batch, "CALL enrich.sys.drop_column_group('" + qualified + "', 'geo')"))
                .containsExactly("+I[Dropped column group 'geo' of " + qualified + "]");
        assertThat(showCreate(batch, table)).doesNotContain("column-groups.geo");
        assertThat(collect(batch, "SELECT id, ip FROM " + table + " ORDER BY id"))
                .as("the rows stay")
                .containsExactly("+I[1, a]", "+I[2, b]");
        assertThatThrownBy(() -> batch.executeSql("SELECT city FROM " + table))
                .as("the group's columns are gone")
                .hasMessageContaining("Column 'city' not found");
        assertThat(SharedFlussCluster.admin().listTables(SharedFlussCluster.DATABASE).get())
                .noneMatch(name -> name.startsWith(table + "--"));

        assertThatThrownBy(() -> batch.executeSql("ALTER TABLE " + table + " ADD sky STRING"))
                .hasRootCauseMessage(
                        "The fluss-enrich catalog does not support ALTER TABLE (add a column group"
                                + " with CALL <catalog>.sys.add_column_group('db.table', 'group',"
                                + " 'column TYPE, ...'), remove one with CALL"
                                + " <catalog>.sys.drop_column_group('db.table', 'group')).");
    }

    @Test
    void enrichmentStatusShowsEachGroupAndBucket() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = createDeviceLogs(batch, "procedures", 1);
        String qualified = SharedFlussCluster.DATABASE + "." + table;
        await(batch.executeSql("INSERT INTO " + table + " (id, ip) VALUES (1, 'a'), (2, 'b')"));
        String call = "CALL enrich.sys.enrichment_status('" + qualified + "')";

        assertThat(collect(batch, call))
                .singleElement()
                .asString()
                .startsWith("+I[geo, null, 0, 0, 2, 0, 2, 20")
                .as("the oldest unenriched row's commit time is set");
        await(batch.executeSql(enrichGeo(table)));
        assertThat(collect(batch, call)).containsExactly("+I[geo, null, 0, 0, 2, 2, 0, null]");
    }
}
