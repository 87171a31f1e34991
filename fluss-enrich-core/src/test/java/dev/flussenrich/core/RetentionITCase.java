/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import dev.flussenrich.core.progress.BucketProgress;
import dev.flussenrich.core.progress.EnrichmentWatermarks;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.ExpiredBeforeEnrichmentException;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.OwnFlussCluster;

import org.apache.fluss.client.admin.OffsetSpec;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.MemorySize;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static dev.flussenrich.testutils.TestTables.readBounded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Faults of retention: the base's retention overtakes a group, and a companion's retention
 * overtakes its base. A cluster of its own, whose tablet servers roll 1 KB segments and expire them
 * (tiered storage, {@code table.log.ttl} = 1 s) every half second.
 */
class RetentionITCase {

    private static final EnrichedBucket BUCKET = EnrichedBucket.of(0);
    private static final Random RANDOM = new Random(42);

    @RegisterExtension
    static final OwnFlussCluster FLUSS =
            OwnFlussCluster.builder()
                    .config(ConfigOptions.LOG_SEGMENT_FILE_SIZE, MemorySize.parse("1kb"))
                    .config(ConfigOptions.REMOTE_LOG_TASK_INTERVAL_DURATION, Duration.ofMillis(500))
                    .database("retention")
                    .build();

    private static int tables;

    /** {@code id INT, payload STRING, city STRING}, group geo = city, 1 bucket, 1 s TTL. */
    private static EnrichedTable createTable() {
        TablePath path = TablePath.of("retention", "t" + (++tables));
        EnrichedTables enrichedTables = new EnrichedTables(FLUSS.connection().getAdmin());
        enrichedTables.create(
                path,
                TableDescriptor.builder()
                        .schema(
                                Schema.newBuilder()
                                        .column("id", DataTypes.INT())
                                        .column("payload", DataTypes.STRING())
                                        .column("city", DataTypes.STRING())
                                        .build())
                        .distributedBy(1)
                        .property(ConfigOptions.TABLE_LOG_TTL, Duration.ofSeconds(1))
                        .property(ConfigOptions.TABLE_TIERED_LOG_LOCAL_SEGMENTS, 1)
                        .customProperty("column-groups.geo", "city")
                        .build(),
                false);
        return enrichedTables.load(path);
    }

    /** Random (incompressible) text, so that a few rows fill a 1 KB segment. */
    private static String noise(int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append((char) ('a' + RANDOM.nextInt(26)));
        }
        return text.toString();
    }

    /** Appends one batch of base rows with ids from..to-1. */
    private static void appendBase(EnrichedTable table, int from, int to) throws Exception {
        try (Table base = FLUSS.connection().getTable(table.tablePath())) {
            AppendWriter writer = base.newAppend().createWriter();
            for (int id = from; id < to; id++) {
                writer.append(GenericRow.of(id, BinaryString.fromString(noise(400))));
            }
            writer.flush();
        }
    }

    private static GenericRow city(String value) {
        return GenericRow.of(BinaryString.fromString(value));
    }

    private static long earliest(TablePath path) throws Exception {
        return await(
                FLUSS.connection()
                        .getAdmin()
                        .listOffsets(path, List.of(0), new OffsetSpec.EarliestSpec())
                        .bucketResult(0));
    }

    private static long awaitEarliestAbove(TablePath path, long offset) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        long earliest;
        while ((earliest = earliest(path)) <= offset) {
            assertThat(System.nanoTime()).as("retention of " + path).isLessThan(deadline);
            Thread.sleep(100);
        }
        return earliest;
    }

    private static List<Integer> ids(List<StitchedRecord> rows) {
        List<Integer> ids = new ArrayList<>();
        for (StitchedRecord row : rows) {
            assertThat(row.row().getString(1).toString()).isEqualTo("c" + row.row().getInt(0));
            ids.add(row.row().getInt(0));
        }
        return ids;
    }

    /**
     * Base retention removes rows 2.. before group geo enriched them. The watermark moves to the
     * base's log start (so a concise INSERT starts where rows exist); with gap policy fail the
     * writer fails once, naming the rows and the way on; with skip-expired it moves past them, and
     * readers of the group read every row that still exists, nothing called corrupt.
     */
    @Test
    void baseRetentionOvertakesEnrichment() throws Exception {
        EnrichedTable table = createTable();
        appendBase(table, 0, 5);
        try (EnrichmentWriter geo =
                new EnrichmentWriter(FLUSS.connection(), table, "geo", GapPolicy.FAIL)) {
            geo.write(BUCKET, 0, city("c0"));
            geo.write(BUCKET, 1, city("c1"));
            geo.flush();
        }
        appendBase(table, 5, 10);
        appendBase(table, 10, 15);
        appendBase(table, 15, 20);
        // Segments [0, 5), [5, 10), [10, 15) expire; [15, 20) is the active one and stays.
        long logStart = awaitEarliestAbove(table.tablePath(), 14);
        assertThat(logStart).isEqualTo(15);

        EnrichmentWatermarks watermarks = new EnrichmentWatermarks(FLUSS.connection(), table);
        assertThat(watermarks.progress("geo", BUCKET)).isEqualTo(new BucketProgress(2, logStart));
        assertThat(watermarks.watermark("geo", BUCKET)).isEqualTo(logStart);

        try (EnrichmentWriter failing =
                new EnrichmentWriter(FLUSS.connection(), table, "geo", GapPolicy.FAIL)) {
            assertThatThrownBy(() -> failing.write(BUCKET, logStart, city("c" + logStart)))
                    .isInstanceOf(ExpiredBeforeEnrichmentException.class)
                    .hasMessage(
                            "Base rows 2.."
                                    + (logStart - 1)
                                    + " of table '"
                                    + table.tablePath()
                                    + "', bucket 0 expired (base retention, 'table.log.ttl')"
                                    + " before group 'geo' enriched them: they can no longer be"
                                    + " read or enriched. To continue, set 'enrichment.gap-policy'"
                                    + " = 'skip-expired' (or 'fill-null'): the job then moves past"
                                    + " them, and readers of the group move on. To avoid it,"
                                    + " enrich faster or keep base rows longer.");
        }
        try (EnrichmentWriter skipping =
                new EnrichmentWriter(FLUSS.connection(), table, "geo", GapPolicy.SKIP_EXPIRED)) {
            for (long offset = logStart; offset < 20; offset++) {
                skipping.write(BUCKET, offset, city("c" + offset));
            }
            skipping.flush();
            assertThat(skipping.stats())
                    .isEqualTo(new EnrichmentWriter.Stats(20 - logStart, 0, 0, logStart - 2));
        }

        List<Integer> expected = IntStream.range((int) logStart, 20).boxed().toList();
        assertThat(
                        ids(
                                readBounded(
                                        FLUSS.connection(),
                                        table,
                                        StartPosition.earliest(),
                                        "id",
                                        "city")))
                .containsExactlyElementsOf(expected); // lost = 0, duplicated = 0, partial = 0
        assertThat(watermarks.watermark("geo", BUCKET)).isEqualTo(20);
    }

    /**
     * The companion's retention removes enrichment its base still holds (its segments roll faster).
     * Group projections leave those base rows out instead of failing as corrupt; the rest read
     * whole.
     */
    @Test
    void companionRetentionOvertakesItsBase() throws Exception {
        EnrichedTable table = createTable();
        appendBase(table, 0, 20); // one batch: the base's active segment, never expired
        try (EnrichmentWriter geo =
                new EnrichmentWriter(FLUSS.connection(), table, "geo", GapPolicy.FAIL)) {
            for (int offset = 0; offset < 20; offset++) {
                geo.write(BUCKET, offset, city("c" + offset + "-" + noise(300)));
                if (offset % 2 == 1) {
                    geo.flush(); // small batches: the companion rolls segments and expires them
                }
            }
        }
        TablePath companion = table.requireGroup("geo").companionPath();
        awaitEarliestAbove(companion, 0);
        assertThat(earliest(table.tablePath())).isZero();

        List<StitchedRecord> rows =
                readBounded(FLUSS.connection(), table, StartPosition.earliest(), "id", "city");
        List<Integer> ids = new ArrayList<>();
        for (StitchedRecord row : rows) {
            assertThat(row.row().getString(1).toString())
                    .startsWith("c" + row.row().getInt(0) + "-");
            ids.add(row.row().getInt(0));
        }
        int first = ids.get(0);
        assertThat(first).isPositive();
        assertThat(ids).containsExactlyElementsOf(IntStream.range(first, 20).boxed().toList());
        assertThat(readBounded(FLUSS.connection(), table, StartPosition.earliest(), "id"))
                .hasSize(20);
    }
}
