/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.progress.EnrichmentWatermarks;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataTypes;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static dev.flussenrich.testutils.TestTables.appendBase;
import static dev.flussenrich.testutils.TestTables.bucket0;
import static dev.flussenrich.testutils.TestTables.city;
import static dev.flussenrich.testutils.TestTables.createDeviceLogs;
import static dev.flussenrich.testutils.TestTables.describe;
import static dev.flussenrich.testutils.TestTables.readBounded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@ExtendWith(SharedFlussCluster.class)
class EnrichmentWriterITCase {

    private Connection connection;
    private TablePath path;
    private EnrichedTable table;

    @BeforeEach
    void createTableWithFiveBaseRows() throws Exception {
        connection = SharedFlussCluster.connection();
        path = SharedFlussCluster.newTablePath("writer");
        table = createDeviceLogs(connection, path, 1);
        appendBase(connection, path, 0, 5);
    }

    private EnrichmentWriter writer(GapPolicy policy) {
        return new EnrichmentWriter(connection, table, "geo", policy);
    }

    private long watermarkFromData() {
        return new EnrichmentWatermarks(connection, table).watermark("geo", bucket0());
    }

    @Test
    void offsetZeroIsEnrichableAndTheWatermarkAdvancesInOrder() throws Exception {
        assertThat(watermarkFromData()).isEqualTo(0);
        try (EnrichmentWriter writer = writer(GapPolicy.FAIL)) {
            assertThat(writer.watermark(bucket0())).isEqualTo(0);
            writer.write(bucket0(), 0, city("c0"));
            assertThat(writer.watermark(bucket0())).isEqualTo(1);
            writer.write(bucket0(), 1, city("c1"));
            writer.write(bucket0(), 2, city("c2"));
            writer.flush();
            assertThat(writer.stats()).isEqualTo(new EnrichmentWriter.Stats(3, 0, 0, 0));
        }
        assertThat(watermarkFromData()).isEqualTo(3);
        assertThat(describe(readBounded(connection, table, StartPosition.earliest(), "id", "city")))
                .containsExactly("0@0 [0, c0]", "0@1 [1, c1]", "0@2 [2, c2]");
    }

    @Test
    void replaysBelowTheWatermarkAreDroppedAndNeverVisible() throws Exception {
        try (EnrichmentWriter writer = writer(GapPolicy.FAIL)) {
            writer.write(bucket0(), 0, city("c0"));
            writer.write(bucket0(), 1, city("c1"));
            writer.write(bucket0(), 0, city("replayed"));
            writer.write(bucket0(), 1, city("replayed"));
            writer.write(bucket0(), 2, city("c2"));
            writer.flush();
            assertThat(writer.stats()).isEqualTo(new EnrichmentWriter.Stats(3, 2, 0, 0));
        }
        TablePath companion = table.requireGroup("geo").companionPath();
        assertThat(new BucketOffsets(connection.getAdmin()).highWatermark(companion, bucket0()))
                .as("dropped rows are not written to the companion")
                .isEqualTo(3);
        assertThat(describe(readBounded(connection, table, StartPosition.earliest(), "id", "city")))
                .containsExactly("0@0 [0, c0]", "0@1 [1, c1]", "0@2 [2, c2]");
    }

    @Test
    void aGapFailsWithAMessageNamingTableGroupBucketAndOffsets() throws Exception {
        try (EnrichmentWriter writer = writer(GapPolicy.FAIL)) {
            writer.write(bucket0(), 0, city("c0"));
            assertThatThrownBy(() -> writer.write(bucket0(), 3, city("c3")))
                    .isInstanceOf(EnrichmentContractException.class)
                    .hasMessage(
                            "Gap in the enrichment of table '"
                                    + path
                                    + "', group 'geo', bucket 0: expected source offset 1 but"
                                    + " received 3, so offsets 1..2 would have no enrichment."
                                    + " Likely causes: the job filters base rows or reorders them"
                                    + " within a bucket (e.g. an unordered async stage). Enrich"
                                    + " every base row in offset order, or set"
                                    + " 'enrichment.gap-policy' = 'fill-null' to write NULL"
                                    + " enrichment for skipped offsets.");
            writer.flush();
        }
        assertThat(watermarkFromData()).isEqualTo(1);
    }

    @Test
    void fillNullPolicyWritesNullEnrichmentForSkippedOffsets() throws Exception {
        try (EnrichmentWriter writer = writer(GapPolicy.FILL_NULL)) {
            writer.write(bucket0(), 0, city("c0"));
            writer.write(bucket0(), 3, city("c3"));
            writer.flush();
            assertThat(writer.stats()).isEqualTo(new EnrichmentWriter.Stats(2, 0, 2, 0));
        }
        assertThat(describe(readBounded(connection, table, StartPosition.earliest(), "id", "city")))
                .containsExactly("0@0 [0, c0]", "0@1 [1, null]", "0@2 [2, null]", "0@3 [3, c3]");
    }

    @Test
    void fillNullPolicyIsRefusedForNotNullGroupColumns() throws Exception {
        TablePath strict = SharedFlussCluster.newTablePath("strict");
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(
                strict,
                TableDescriptor.builder()
                        .schema(
                                Schema.newBuilder()
                                        .column("id", DataTypes.INT())
                                        .column("label", DataTypes.STRING().copy(false))
                                        .build())
                        .distributedBy(1)
                        .customProperty("column-groups.labels", "label")
                        .build(),
                false);
        EnrichedTable strictTable = tables.load(strict);
        assertThatThrownBy(
                        () ->
                                new EnrichmentWriter(
                                        connection, strictTable, "labels", GapPolicy.FILL_NULL))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Gap policy fill-null needs nullable group columns, but column 'label' of"
                                + " group 'labels' of table '"
                                + strict
                                + "' is NOT NULL. Use gap policy fail.");
    }

    @Test
    void anOffsetAtOrPastTheBaseHighWatermarkIsRejected() throws Exception {
        try (EnrichmentWriter writer = writer(GapPolicy.FILL_NULL)) {
            for (int offset = 0; offset < 5; offset++) {
                writer.write(bucket0(), offset, city("c" + offset));
            }
            assertThatThrownBy(() -> writer.write(bucket0(), 5, city("c5")))
                    .isInstanceOf(EnrichmentContractException.class)
                    .hasMessage(
                            "Cannot enrich offset 5 of table '"
                                    + path
                                    + "', group 'geo', bucket 0: the base table's high watermark"
                                    + " is 5, and enrichment cannot run ahead of the base. Enrich"
                                    + " only rows read from the base.");
            writer.flush();
        }
        assertThat(watermarkFromData()).isEqualTo(5);
        // Once the base has the row, the same write goes through.
        appendBase(connection, path, 5, 6);
        try (EnrichmentWriter writer = writer(GapPolicy.FAIL)) {
            writer.write(bucket0(), 5, city("c5"));
            writer.flush();
        }
        assertThat(watermarkFromData()).isEqualTo(6);
    }

    @Test
    void aFreshWriterResumesAtTheWatermarkFromDataAlone() throws Exception {
        try (EnrichmentWriter first = writer(GapPolicy.FAIL)) {
            for (int offset = 0; offset < 3; offset++) {
                first.write(bucket0(), offset, city("first" + offset));
            }
            first.flush();
        }
        try (EnrichmentWriter second = writer(GapPolicy.FAIL)) {
            assertThat(second.watermark(bucket0())).isEqualTo(3);
            // A restarted job replays from an earlier position: the overlap is dropped.
            for (int offset = 0; offset < 5; offset++) {
                second.write(bucket0(), offset, city("second" + offset));
            }
            second.flush();
            assertThat(second.stats()).isEqualTo(new EnrichmentWriter.Stats(2, 3, 0, 0));
        }
        assertThat(describe(readBounded(connection, table, StartPosition.earliest(), "id", "city")))
                .containsExactly(
                        "0@0 [0, first0]",
                        "0@1 [1, first1]",
                        "0@2 [2, first2]",
                        "0@3 [3, second3]",
                        "0@4 [4, second4]");
    }

    @Test
    void aRowOfTheWrongWidthOrBucketIsRejectedBeforeAnyWrite() throws Exception {
        try (EnrichmentWriter writer = writer(GapPolicy.FAIL)) {
            assertThatThrownBy(
                            () ->
                                    writer.write(
                                            bucket0(), 0, org.apache.fluss.row.GenericRow.of(1, 2)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Group 'geo' of table '"
                                    + path
                                    + "' has 1 columns [city], but the row has 2 fields.");
            assertThatThrownBy(() -> writer.write(EnrichedBucket.of(1), 0, city("x")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Bucket 1 does not exist in table '" + path + "' (buckets 0..0).");
        }
        assertThat(watermarkFromData()).isEqualTo(0);
    }

    @Test
    void lagIsTheDistanceFromTheBaseHighWatermark() throws Exception {
        try (EnrichmentWriter writer = writer(GapPolicy.FAIL)) {
            assertThat(writer.lag(bucket0()))
                    .as("a bucket not written yet trails by every base row")
                    .isEqualTo(5);
            writer.write(bucket0(), 0, city("c0"));
            writer.write(bucket0(), 1, city("c1"));
            writer.flush();
            assertThat(writer.lag(bucket0())).isEqualTo(3);
            appendBase(connection, path, 5, 7);
            assertThat(writer.lag(bucket0())).isEqualTo(5);
        }
    }

    /**
     * Fault: a zombie task attempt (or a second job) appends old offsets after newer ones. Before
     * the fix the watermark was the last row's source offset + 1 and went back to 3; now it is the
     * highest source offset + 1, and the first row written for each offset still wins.
     */
    @Test
    void lateDuplicatesNeverLowerTheWatermarkAndTheFirstRowWins() throws Exception {
        try (EnrichmentWriter zombie = writer(GapPolicy.FAIL)) {
            assertThat(zombie.watermark(bucket0())).isEqualTo(0); // looked up before the others
            try (EnrichmentWriter current = writer(GapPolicy.FAIL)) {
                for (int offset = 0; offset < 5; offset++) {
                    current.write(bucket0(), offset, city("c" + offset));
                }
                current.flush();
            }
            zombie.write(bucket0(), 0, city("late0"));
            zombie.write(bucket0(), 1, city("late1"));
            zombie.write(bucket0(), 2, city("late2"));
            zombie.flush();
        }

        assertThat(watermarkFromData()).isEqualTo(5);
        try (EnrichmentWriter restarted = writer(GapPolicy.FAIL)) {
            assertThat(restarted.watermark(bucket0())).isEqualTo(5);
        }
        List<String> rows =
                describe(readBounded(connection, table, StartPosition.earliest(), "id", "city"));
        assertThat(rows)
                .containsExactly(
                        "0@0 [0, c0]", "0@1 [1, c1]", "0@2 [2, c2]", "0@3 [3, c3]", "0@4 [4, c4]");
        assertThat(rows).hasSize(5); // lost = 0, duplicated = 0, partial = 0
    }

    /** Fault: idempotence turned off for the companion writer (a retried batch could reorder). */
    @Test
    void aWriterWithoutIdempotenceIsRefused() throws Exception {
        Configuration conf = new Configuration(connection.getConfiguration());
        conf.set(ConfigOptions.CLIENT_WRITER_ENABLE_IDEMPOTENCE, false);
        try (Connection plain = ConnectionFactory.createConnection(conf)) {
            assertThatThrownBy(() -> new EnrichmentWriter(plain, table, "geo", GapPolicy.FAIL))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Group 'geo' of table '"
                                    + path
                                    + "' cannot be written with 'client.writer.enable-idempotence'"
                                    + " = 'false': an enrichment writer needs idempotent appends,"
                                    + " or a retried batch can land after the next one and leave"
                                    + " a hole. Remove the option.");
        }
    }
}
