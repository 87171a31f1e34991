/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;

import static dev.flussenrich.testutils.FlinkSql.await;
import static dev.flussenrich.testutils.FlinkSql.collect;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every column type through both SQL sinks: a base INSERT writes a row of values and a row of
 * NULLs, an enrichment INSERT copies each base column into a group column of the same type, and a
 * read gives the same values back in both (the sinks hand Flink's rows to Fluss's writer as views,
 * which it serializes in the append call).
 */
@ExtendWith(SharedFlussCluster.class)
class EveryTypeWriteITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    /** Column name, SQL type, a literal of that type. */
    private static final String[][] COLUMNS = {
        {"b", "BOOLEAN", "TRUE"},
        {"t", "TINYINT", "CAST(7 AS TINYINT)"},
        {"s", "SMALLINT", "CAST(300 AS SMALLINT)"},
        {"i", "INT", "42"},
        {"l", "BIGINT", "1099511627776"},
        {"f", "FLOAT", "CAST(1.5 AS FLOAT)"},
        {"d", "DOUBLE", "CAST(2.25 AS DOUBLE)"},
        {"str", "STRING", "'héllo'"},
        {"ch", "CHAR(3)", "CAST('abc' AS CHAR(3))"},
        {"bin", "BYTES", "X'010203'"},
        {"dec_small", "DECIMAL(10, 2)", "CAST(12345678.91 AS DECIMAL(10, 2))"},
        {"dec_wide", "DECIMAL(30, 5)", "CAST('1234567890123456789012345.12345' AS DECIMAL(30, 5))"},
        {"dt", "DATE", "DATE '2026-12-03'"},
        {"tm", "TIME", "TIME '10:11:12'"},
        {"ts3", "TIMESTAMP(3)", "TIMESTAMP '2026-12-03 10:11:12.123'"},
        {"ts9", "TIMESTAMP(9)", "CAST('2026-12-03 10:11:12.123456789' AS TIMESTAMP(9))"},
        {
            "ltz6",
            "TIMESTAMP_LTZ(6)",
            "CAST(TIMESTAMP '2026-12-03 10:11:12.123456' AS TIMESTAMP_LTZ(6))"
        },
        {"vec", "ARRAY<FLOAT>", "ARRAY[CAST(0.5 AS FLOAT), CAST(-1.25 AS FLOAT)]"},
        {"gaps", "ARRAY<BIGINT>", "ARRAY[CAST(1 AS BIGINT), CAST(NULL AS BIGINT)]"},
        {"tags", "MAP<STRING, INT>", "MAP['a', 1]"},
        {"meta", "ROW<src STRING, n INT>", "ROW('x', 9)"}
    };

    @Test
    void everyTypeIsWrittenByBothSinksAndReadBackUnchanged() throws Exception {
        TableEnvironment batch = FlinkSql.batch();
        String table = SharedFlussCluster.newTablePath("every_type").getTableName();
        List<String> base = new ArrayList<>();
        List<String> group = new ArrayList<>();
        List<String> ddl = new ArrayList<>(List.of("id INT"));
        List<String> values = new ArrayList<>();
        List<String> nulls = new ArrayList<>();
        for (String[] column : COLUMNS) {
            base.add(column[0]);
            group.add("g_" + column[0]);
            ddl.add(column[0] + " " + column[1]);
            values.add(column[2]);
            nulls.add("CAST(NULL AS " + column[1] + ")");
        }
        for (String[] column : COLUMNS) {
            ddl.add("g_" + column[0] + " " + column[1]);
        }
        batch.executeSql(
                "CREATE TABLE "
                        + table
                        + " ("
                        + String.join(", ", ddl)
                        + ") WITH ('bucket.num' = '1', 'column-groups.g' = '"
                        + String.join(", ", group)
                        + "')");
        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " (id, "
                                + String.join(", ", base)
                                + ") VALUES (1, "
                                + String.join(", ", values)
                                + "), (2, "
                                + String.join(", ", nulls)
                                + ")"));
        await(
                batch.executeSql(
                        "INSERT INTO "
                                + table
                                + " /*+ OPTIONS('enrichment.group' = 'g') */ (_bucket, _offset, "
                                + String.join(", ", group)
                                + ") SELECT _bucket, _offset, "
                                + String.join(", ", base)
                                + " FROM "
                                + table));

        List<String> literals =
                collect(batch, "SELECT " + String.join(", ", values) + " FROM (VALUES (1))");
        String expectedValues =
                literals.get(0).substring("+I[".length(), literals.get(0).length() - 1);
        String expectedNulls =
                String.join(", ", java.util.Collections.nCopies(COLUMNS.length, "null"));
        assertThat(
                        collect(
                                batch,
                                "SELECT id, "
                                        + String.join(", ", base)
                                        + ", "
                                        + String.join(", ", group)
                                        + " FROM "
                                        + table))
                .containsExactlyInAnyOrder(
                        "+I[1, " + expectedValues + ", " + expectedValues + "]",
                        "+I[2, " + expectedNulls + ", " + expectedNulls + "]");
    }
}
