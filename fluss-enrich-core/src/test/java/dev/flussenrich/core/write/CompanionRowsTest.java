/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.testutils.InMemoryTables;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.metadata.ResolvedPartitionSpec;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.types.RowType;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The companion rows an enrichment writer appends, without a cluster. */
class CompanionRowsTest {

    private static final TablePath PATH = TablePath.of("db", "t");

    private final List<String> partitionsAsked = new ArrayList<>();

    private CompanionRows rows(EnrichedTable table, String group) {
        EnrichedTable.Group companion = table.requireGroup(group);
        return new CompanionRows(
                table,
                companion,
                BucketRouter.forCompanion(companion.companion()),
                name -> {
                    partitionsAsked.add(name);
                    return ResolvedPartitionSpec.fromPartitionName(List.of("dt"), name);
                });
    }

    /** The row's fields, read as Fluss's writer reads them: by the companion's column types. */
    private static String describe(EnrichedTable table, String group, InternalRow row) {
        RowType companion = table.requireGroup(group).companion().getRowType();
        assertThat(row.getFieldCount()).isEqualTo(companion.getFieldCount());
        List<Object> fields = new ArrayList<>();
        for (int i = 0; i < row.getFieldCount(); i++) {
            fields.add(
                    InternalRow.createFieldGetter(companion.getTypeAt(i), i).getFieldOrNull(row));
        }
        return fields.toString();
    }

    private static int routeOf(EnrichedTable table, String group, int bucket) {
        return BucketRouter.forCompanion(table.requireGroup(group).companion()).routeFor(bucket);
    }

    @Test
    void aRowCarriesTheRouteOfItsBucketTheSourceOffsetAndTheValues() {
        EnrichedTable table = InMemoryTables.of(PATH, TestTables.deviceLogs(4));
        // companion columns: _enrich_route, _source_offset, city
        InternalRow row =
                rows(table, "geo")
                        .row(
                                EnrichedBucket.of(2),
                                17,
                                GenericRow.of(BinaryString.fromString("Oslo")));
        assertThat(describe(table, "geo", row))
                .isEqualTo("[" + routeOf(table, "geo", 2) + ", 17, Oslo]");
        InternalRow risk = rows(table, "risk").row(EnrichedBucket.of(3), 0, GenericRow.of(0.5));
        assertThat(describe(table, "risk", risk))
                .isEqualTo("[" + routeOf(table, "risk", 3) + ", 0, 0.5]");
    }

    @Test
    void everyBucketHasItsOwnRoute() {
        EnrichedTable table = InMemoryTables.of(PATH, TestTables.deviceLogs(4));
        CompanionRows rows = rows(table, "geo");
        List<Object> routes = new ArrayList<>();
        for (int bucket = 0; bucket < 4; bucket++) {
            routes.add(rows.row(EnrichedBucket.of(bucket), 0, null).getInt(0));
        }
        assertThat(routes).doesNotHaveDuplicates().hasSize(4);
    }

    @Test
    void aRowWithoutValuesIsNullEnrichment() {
        EnrichedTable table = InMemoryTables.of(PATH, TestTables.deviceLogs(4));
        assertThat(describe(table, "geo", rows(table, "geo").row(EnrichedBucket.of(0), 5, null)))
                .isEqualTo("[" + routeOf(table, "geo", 0) + ", 5, null]");
    }

    @Test
    void aNullValueIsNullAndTheNextRowReplacesThePreviousOne() {
        EnrichedTable table = InMemoryTables.of(PATH, TestTables.deviceLogs(4));
        CompanionRows rows = rows(table, "geo");
        InternalRow first = rows.row(EnrichedBucket.of(1), 8, GenericRow.of((Object) null));
        assertThat(describe(table, "geo", first))
                .isEqualTo("[" + routeOf(table, "geo", 1) + ", 8, null]");
        // One reused row: the writer appends each before it asks for the next.
        InternalRow second =
                rows.row(EnrichedBucket.of(3), 9, GenericRow.of(BinaryString.fromString("Rome")));
        assertThat(second).isSameAs(first);
        assertThat(describe(table, "geo", first))
                .isEqualTo("[" + routeOf(table, "geo", 3) + ", 9, Rome]");
    }

    @Test
    void aRowOfAPartitionCarriesItsValueAndCreatesThePartitionOnce() {
        EnrichedTable table = InMemoryTables.of(PATH, TestTables.partitionedByDay(2));
        CompanionRows rows = rows(table, "geo");
        EnrichedBucket bucket = EnrichedBucket.of("2024-05-01", 1);
        // companion columns: _enrich_route, _source_offset, city, dt
        InternalRow oslo = rows.row(bucket, 3, GenericRow.of(BinaryString.fromString("Oslo")));
        assertThat(describe(table, "geo", oslo))
                .isEqualTo("[" + routeOf(table, "geo", 1) + ", 3, Oslo, 2024-05-01]");
        rows.row(bucket, 4, null);
        rows.row(EnrichedBucket.of("2024-05-01", 0), 0, null);
        assertThat(partitionsAsked).containsExactly("2024-05-01");

        rows.forgetPartition("2024-05-01");
        rows.row(bucket, 5, null);
        assertThat(partitionsAsked).containsExactly("2024-05-01", "2024-05-01");
    }

    @Test
    void valuesNeedOneFieldPerGroupColumn() {
        EnrichedTable table = InMemoryTables.of(PATH, TestTables.deviceLogs(4));
        CompanionRows rows = rows(table, "geo");
        rows.checkValues(GenericRow.of(BinaryString.fromString("Oslo")));
        assertThatThrownBy(() -> rows.checkValues(GenericRow.of(null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Group 'geo' of table 'db.t' has 1 columns [city], but the row has 2"
                                + " fields.");
    }
}
