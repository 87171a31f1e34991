/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;

import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A group of nested columns, written by SQL, through enriched tiering, Paimon's own reader and the
 * union read: a 768-dimension embedding, a map of arrays, a row holding an array and a map, an
 * array of rows.
 */
@ExtendWith(SharedFlussCluster.class)
class NestedTypesLakeITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    private static final int DIMENSIONS = 768;
    static final int ROWS = 20;

    @TempDir Path warehouse;

    /** The embedding model of the test: {@code id + i / 1024}, exact in a float. */
    public static class Embed extends ScalarFunction {
        public @DataTypeHint("ARRAY<FLOAT>") Float[] eval(Integer id) {
            Float[] vector = new Float[DIMENSIONS];
            for (int i = 0; i < DIMENSIONS; i++) {
                vector[i] = embedding(id, i);
            }
            return vector;
        }
    }

    private static float embedding(int id, int i) {
        return id + i / 1024f;
    }

    /** Row {@code id} as every reader must see it: nested values as lists, maps and lists. */
    static List<Object> expected(int id) {
        List<Object> vector = new ArrayList<>();
        for (int i = 0; i < DIMENSIONS; i++) {
            vector.add(embedding(id, i));
        }
        Map<Object, Object> tags = new TreeMap<>();
        tags.put("a", List.of(id, id + 1));
        tags.put("b", List.of(id * 2));
        Map<Object, Object> attributes = new TreeMap<>();
        attributes.put("k", "v" + id);
        List<Object> meta = List.of("src-" + id, List.of(id / 2.0, id / 4.0), attributes);
        List<Object> spans = List.of(List.of(id, id + 1), List.of(id + 2, id + 3));
        return List.of(id, "text-" + id, vector, tags, meta, spans);
    }

    @Test
    void anEmbeddingGroupWithMapsAndRowsReachesTheLakeAndTheUnionReadExactly() throws Exception {
        TablePath path = SharedFlussCluster.newTablePath("embeddings");
        String table = path.getTableName();
        TableEnvironment sql = FlinkSql.batch();
        sql.createTemporarySystemFunction("embed", Embed.class);
        sql.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, txt STRING, embedding ARRAY<FLOAT>,"
                        + " tags MAP<STRING, ARRAY<INT>>,"
                        + " meta ROW<src STRING, scores ARRAY<DOUBLE>, attributes MAP<STRING,"
                        + " STRING>>,"
                        + " spans ARRAY<ROW<s INT, e INT>>)"
                        + " WITH ('bucket.num' = '2',"
                        + " 'column-groups.vec' = 'embedding, tags, meta, spans')");
        writeRows(sql, table, 0, ROWS);
        StreamExecutionEnvironment tier = env();
        FlussEnrichLake.tiering()
                .setBootstrapServers(SharedFlussCluster.cluster().bootstrapServers())
                .setTable(path.getDatabaseName(), table)
                .setWarehouse(warehouse.toUri().toString())
                .setBounded(true)
                .addTo(tier);
        tier.execute("tier embeddings");

        FileStoreTable lake = PaimonReads.table(warehouse, path.getDatabaseName(), table);
        assertExactlyOnce(PaimonReads.values(lake, 6), expectedRows(ROWS));

        // Five more rows stay in the log: the union read takes 20 from the lake, 5 from Fluss.
        writeRows(sql, table, ROWS, ROWS + 5);

        List<List<Object>> unionRead = new ArrayList<>();
        StreamExecutionEnvironment read = env();
        try (CloseableIterator<RowData> rows =
                FlussEnrichLake.unionRead()
                        .setBootstrapServers(SharedFlussCluster.cluster().bootstrapServers())
                        .setTable(path.getDatabaseName(), table)
                        .setWarehouse(warehouse.toUri().toString())
                        .setBounded(true)
                        .addTo(read)
                        .executeAndCollect()) {
            rows.forEachRemaining(row -> unionRead.add(FlinkValues.of(row, lake.rowType(), 6)));
        }
        assertExactlyOnce(unionRead, expectedRows(ROWS + 5));
    }

    /** Base rows {@code from..to-1} and their group, both written by SQL. */
    static void writeRows(TableEnvironment sql, String table, int from, int to) throws Exception {
        // Flink cannot plan a column list on a table with a MAP column ("Unsupported type when
        // convertTypeToSpec: MAP", FLINK-26460), so the base rows give every column a value, the
        // group's and the identity's NULL.
        List<String> values = new ArrayList<>();
        for (int id = from; id < to; id++) {
            values.add(
                    "("
                            + id
                            + ", 'text-"
                            + id
                            + "', CAST(NULL AS ARRAY<FLOAT>), CAST(NULL AS MAP<STRING,"
                            + " ARRAY<INT>>), CAST(NULL AS ROW<src STRING, scores ARRAY<DOUBLE>,"
                            + " attributes MAP<STRING, STRING>>), CAST(NULL AS ARRAY<ROW<s INT, e"
                            + " INT>>), CAST(NULL AS INT), CAST(NULL AS BIGINT))");
        }
        FlinkSql.await(
                sql.executeSql("INSERT INTO " + table + " VALUES " + String.join(", ", values)));
        FlinkSql.await(
                sql.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'vec') */"
                                + " (_bucket, _offset, embedding, tags, meta, spans)"
                                + " SELECT _bucket, _offset, embed(id),"
                                + " MAP['a', ARRAY[id, id + 1], 'b', ARRAY[id * 2]],"
                                + " ROW('src-' || CAST(id AS STRING),"
                                + " ARRAY[id / 2.0e0, id / 4.0e0], MAP['k', 'v' || CAST(id AS"
                                + " STRING)]),"
                                + " ARRAY[ROW(id, id + 1), ROW(id + 2, id + 3)]"
                                + " FROM "
                                + table
                                + " WHERE id >= "
                                + from));
    }

    static List<Object> expectedRows(int rows) {
        List<Object> expected = new ArrayList<>();
        for (int id = 0; id < rows; id++) {
            expected.add(expected(id));
        }
        return expected;
    }

    static void assertExactlyOnce(List<List<Object>> rows, List<Object> expected) {
        long lost = expected.stream().filter(row -> !rows.contains(row)).count();
        long duplicated = rows.size() - new HashSet<>(rows).size();
        long partial = rows.stream().filter(row -> row.contains(null)).count();
        assertThat(List.of(lost, duplicated, partial)).containsExactly(0L, 0L, 0L);
        rows.sort((a, b) -> Integer.compare((Integer) a.get(0), (Integer) b.get(0)));
        assertThat(rows).isEqualTo(expected);
    }

    private static StreamExecutionEnvironment env() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(200);
        return env;
    }
}
