/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static dev.flussenrich.lake.LakeSqlSteps.expireDay;
import static dev.flussenrich.lake.LakeSqlSteps.tier;
import static dev.flussenrich.lake.LakeSqlSteps.writeDays;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Apache Iceberg as the lake format ({@code table.datalake.format = 'iceberg'}), from SQL: the
 * embedding table of {@link NestedTypesLakeITCase} tiered by {@code CALL tier_to_lake}, read back
 * with Iceberg's own Java API (a Hadoop catalog on the warehouse) and no code of ours, through the
 * union read and through {@code t$lake}.
 */
@ExtendWith(SharedFlussCluster.class)
class IcebergLakeITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    @TempDir Path warehouse;

    @Test
    void anEmbeddingTableIsTieredToIcebergExactlyOnce() throws Exception {
        TableEnvironment sql = FlinkSql.batch();
        sql.createTemporarySystemFunction("embed", NestedTypesLakeITCase.Embed.class);
        String table = SharedFlussCluster.newTablePath("iceberg_vec").getTableName();
        sql.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, txt STRING, embedding ARRAY<FLOAT>,"
                        + " tags MAP<STRING, ARRAY<INT>>,"
                        + " meta ROW<src STRING, scores ARRAY<DOUBLE>, attributes MAP<STRING,"
                        + " STRING>>,"
                        + " spans ARRAY<ROW<s INT, e INT>>)"
                        + " WITH ('bucket.num' = '2',"
                        + " 'column-groups.vec' = 'embedding, tags, meta, spans',"
                        + " 'table.datalake.format' = 'iceberg',"
                        + " 'lake.warehouse' = '"
                        + warehouse.toUri()
                        + "')");
        int rows = NestedTypesLakeITCase.ROWS;
        NestedTypesLakeITCase.writeRows(sql, table, 0, rows);
        tier(table);

        Table lake = awaitTiered(table, rows);
        NestedTypesLakeITCase.assertExactlyOnce(
                read(lake), NestedTypesLakeITCase.expectedRows(rows));
        assertThat(lake.schema().columns().stream().map(c -> c.name()).toList())
                .containsExactly(
                        "id",
                        "txt",
                        "embedding",
                        "tags",
                        "meta",
                        "spans",
                        "__bucket",
                        "__offset",
                        "__timestamp");
        assertThat(tieredRows(lake.currentSnapshot())).isEqualTo(rows);

        // Five rows more stay in the log: the union read takes 20 from Iceberg, 5 from Fluss,
        // values exact (as Fluss alone returns them); t$lake reads Iceberg alone.
        NestedTypesLakeITCase.writeRows(sql, table, rows, rows + 5);
        String query =
                "SELECT id, txt, embedding, tags, meta, spans, _bucket, _offset FROM " + table;
        List<String> fromFluss =
                FlinkSql.collect(sql, query + " /*+ OPTIONS('scan.startup.mode' = 'earliest') */");
        assertThat(fromFluss).hasSize(rows + 5);
        assertThat(FlinkSql.collect(sql, query)).containsExactlyInAnyOrderElementsOf(fromFluss);
        assertThat(FlinkSql.collect(sql, "SELECT COUNT(*) FROM `" + table + "$lake`"))
                .containsExactly("+I[" + rows + "]");
        assertThat(
                        FlinkSql.collect(
                                sql,
                                "SELECT id, txt, embedding, tags, meta, spans, __bucket, __offset"
                                        + " FROM `"
                                        + table
                                        + "$lake` WHERE id < "
                                        + rows))
                .containsExactlyInAnyOrderElementsOf(
                        FlinkSql.collect(
                                sql,
                                query
                                        + " /*+ OPTIONS('scan.startup.mode' = 'earliest') */"
                                        + " WHERE id < "
                                        + rows));

        // Tiered again: each row once, the new snapshot's offsets at 25.
        tier(table);
        lake = awaitTiered(table, rows + 5);
        NestedTypesLakeITCase.assertExactlyOnce(
                read(lake), NestedTypesLakeITCase.expectedRows(rows + 5));
        assertThat(tieredRows(lake.currentSnapshot())).isEqualTo(rows + 5);
    }

    @Test
    void aPartitionGoneFromFlussIsStillReadFromIceberg() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = SharedFlussCluster.newTablePath("iceberg_days").getTableName();
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, dt STRING, city STRING) PARTITIONED BY (dt) WITH ("
                        + "'bucket.num' = '2', 'column-groups.geo' = 'city',"
                        + " 'table.datalake.format' = 'iceberg', 'lake.warehouse' = '"
                        + warehouse.toUri()
                        + "')");
        writeDays(batch, table, 0, 6);
        String identity = "SELECT id, dt, city, _partition, _bucket, _offset FROM " + table;
        List<String> expected =
                FlinkSql.collect(
                        batch, identity + " /*+ OPTIONS('scan.startup.mode' = 'earliest') */");
        assertThat(expected).hasSize(6);
        tier(table);
        awaitTiered(table, 6);

        // The old day expires in Fluss: its rows live on in Iceberg only.
        expireDay(table, "old");

        assertThat(FlinkSql.collect(batch, identity))
                .as("the old day from Iceberg only, each row once")
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(FlinkSql.collect(batch, "SELECT id FROM `" + table + "$lake` WHERE dt = 'old'"))
                .containsExactlyInAnyOrder("+I[0]", "+I[1]", "+I[2]");
    }

    /**
     * The rows the snapshot's offsets cover (the sum over buckets of the first offset not in it).
     */
    private static long tieredRows(Snapshot snapshot) {
        return snapshot.summary().entrySet().stream()
                .filter(e -> e.getKey().startsWith("fluss-enrich.offset."))
                .mapToLong(e -> Long.parseLong(e.getValue()))
                .sum();
    }

    /** The Iceberg table once a snapshot covers {@code rows} rows (the CALL returns at submit). */
    private Table awaitTiered(String table, long rows) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Table lake = icebergTable(table);
        while ((lake.currentSnapshot() == null || tieredRows(lake.currentSnapshot()) < rows)
                && System.nanoTime() < deadline) {
            lake.refresh();
        }
        return lake;
    }

    private Table icebergTable(String table) {
        HadoopCatalog catalog =
                new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
        return catalog.loadTable(TableIdentifier.of(SharedFlussCluster.DATABASE, table));
    }

    /**
     * Every row as Iceberg's generic reader returns it, its six logical columns as plain values.
     */
    private static List<List<Object>> read(Table table) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
            for (Record record : records) {
                List<Object> row = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    row.add(plain(record.get(i)));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static Object plain(Object value) {
        if (value instanceof Record record) {
            List<Object> fields = new ArrayList<>();
            for (int i = 0; i < record.size(); i++) {
                fields.add(plain(record.get(i)));
            }
            return fields;
        } else if (value instanceof List<?> list) {
            return list.stream().map(IcebergLakeITCase::plain).toList();
        } else if (value instanceof Map<?, ?> map) {
            Map<Object, Object> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(plain(k), plain(v)));
            return sorted;
        } else if (value instanceof CharSequence text) {
            return text.toString();
        }
        return value;
    }
}
