/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.internal.PartitionCreator;
import dev.flussenrich.core.progress.EnrichmentWatermarks;
import dev.flussenrich.core.write.BucketRouter;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.InterceptedConnection;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.config.MemorySize;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.types.DataTypes;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;

import static dev.flussenrich.testutils.TestTables.appendBase;
import static dev.flussenrich.testutils.TestTables.bucket0;
import static dev.flussenrich.testutils.TestTables.city;
import static dev.flussenrich.testutils.TestTables.createDeviceLogs;
import static dev.flussenrich.testutils.TestTables.describe;
import static dev.flussenrich.testutils.TestTables.drain;
import static dev.flussenrich.testutils.TestTables.readBounded;
import static dev.flussenrich.testutils.TestTables.score;
import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(SharedFlussCluster.class)
class StitchedScannerITCase {

    private Connection connection;
    private TablePath path;
    private EnrichedTable table;

    @BeforeEach
    void createTable() {
        connection = SharedFlussCluster.connection();
        path = SharedFlussCluster.newTablePath("reader");
        table = createDeviceLogs(connection, path, 1);
    }

    private void enrichGeo(int from, int to) throws Exception {
        try (EnrichmentWriter writer =
                new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL)) {
            for (int offset = from; offset < to; offset++) {
                writer.write(bucket0(), offset, city("c" + offset));
            }
            writer.flush();
        }
    }

    private void enrichRisk(int from, int to) throws Exception {
        try (EnrichmentWriter writer =
                new EnrichmentWriter(connection, table, "risk", GapPolicy.FAIL)) {
            for (int offset = from; offset < to; offset++) {
                writer.write(bucket0(), offset, score(offset / 10.0));
            }
            writer.flush();
        }
    }

    @Test
    void aBaseOnlyProjectionReadsUpToTheHighWatermarkWithoutCompanionIo() throws Exception {
        appendBase(connection, path, 0, 4);
        enrichGeo(0, 1);
        try (StitchedScanner scanner =
                new StitchedScanner(connection, table, List.of("ip", "id"))) {
            assertThat(scanner.openCompanionScanners()).isZero();
            assertThat(scanner.gatingGroups()).isEmpty();
            scanner.subscribeAll(StartPosition.earliest(), true);
            assertThat(describe(drain(scanner)))
                    .containsExactly(
                            "0@0 [10.0.0.0, 0]",
                            "0@1 [10.0.0.1, 1]",
                            "0@2 [10.0.0.2, 2]",
                            "0@3 [10.0.0.3, 3]");
        }
    }

    @Test
    void aGroupProjectionStopsExactlyAtTheEnrichmentWatermark() throws Exception {
        appendBase(connection, path, 0, 10);
        enrichGeo(0, 6);
        try (StitchedScanner scanner =
                new StitchedScanner(connection, table, List.of("id", "city"))) {
            assertThat(scanner.openCompanionScanners()).isEqualTo(1);
            assertThat(scanner.frontier(bucket0())).isEqualTo(6);
        }
        List<StitchedRecord> rows =
                readBounded(connection, table, StartPosition.earliest(), "id", "city");
        assertThat(describe(rows))
                .containsExactly(
                        "0@0 [0, c0]",
                        "0@1 [1, c1]",
                        "0@2 [2, c2]",
                        "0@3 [3, c3]",
                        "0@4 [4, c4]",
                        "0@5 [5, c5]");
    }

    @Test
    void twoGroupsGateOnTheSlowerOne() throws Exception {
        appendBase(connection, path, 0, 10);
        enrichGeo(0, 8);
        enrichRisk(0, 3);
        assertThat(
                        describe(
                                readBounded(
                                        connection,
                                        table,
                                        StartPosition.earliest(),
                                        "score",
                                        "id",
                                        "city")))
                .containsExactly("0@0 [0.0, 0, c0]", "0@1 [0.1, 1, c1]", "0@2 [0.2, 2, c2]");
        assertThat(readBounded(connection, table, StartPosition.earliest(), "city")).hasSize(8);
        assertThat(readBounded(connection, table, StartPosition.earliest(), "id")).hasSize(10);
    }

    @Test
    void offsetsAndCommitTimestampsAreTheBasesOwn() throws Exception {
        appendBase(connection, path, 0, 5);
        enrichGeo(0, 5);
        List<ScanRecord> plain = new ArrayList<>();
        try (Table base = connection.getTable(path);
                LogScanner scanner = base.newScan().createLogScanner()) {
            scanner.subscribeFromBeginning(0);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (plain.size() < 5 && System.nanoTime() < deadline) {
                scanner.poll(Duration.ofMillis(100)).forEach(plain::add);
            }
        }
        List<StitchedRecord> stitched =
                readBounded(connection, table, StartPosition.earliest(), "id", "city");
        assertThat(stitched).hasSize(5);
        for (int i = 0; i < 5; i++) {
            assertThat(stitched.get(i).offset()).isEqualTo(plain.get(i).logOffset());
            assertThat(stitched.get(i).timestamp()).isEqualTo(plain.get(i).timestamp());
            assertThat(stitched.get(i).row().getInt(0)).isEqualTo(plain.get(i).getRow().getInt(0));
        }
    }

    @Test
    void aStreamingReaderEmitsRowsAsEnrichmentLandsAndNeverAPartialRow() throws Exception {
        appendBase(connection, path, 0, 6);
        try (StitchedScanner scanner =
                new StitchedScanner(connection, table, List.of("id", "city"))) {
            scanner.subscribeAll(StartPosition.earliest(), false);
            assertThat(scanner.poll(Duration.ofMillis(300))).isEmpty();
            enrichGeo(0, 2);
            assertThat(describe(pollUntil(scanner, 2)))
                    .containsExactly("0@0 [0, c0]", "0@1 [1, c1]");
            enrichGeo(2, 6);
            assertThat(describe(pollUntil(scanner, 4)))
                    .containsExactly("0@2 [2, c2]", "0@3 [3, c3]", "0@4 [4, c4]", "0@5 [5, c5]");
            assertThat(scanner.nextOffset(bucket0())).isEqualTo(6);
            assertThat(scanner.isFinished()).isFalse();
        }
    }

    private static List<StitchedRecord> pollUntil(StitchedScanner scanner, int count) {
        List<StitchedRecord> out = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (out.size() < count && System.nanoTime() < deadline) {
            out.addAll(scanner.poll(Duration.ofMillis(100)));
        }
        return out;
    }

    @Test
    void racingWritersResolveToTheSameFirstWinsRowsForEveryReader() throws Exception {
        appendBase(connection, path, 0, 4);
        try (EnrichmentWriter a = new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL);
                EnrichmentWriter b =
                        new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL)) {
            // Both look up the watermark before either writes: a real race.
            assertThat(a.watermark(bucket0())).isZero();
            assertThat(b.watermark(bucket0())).isZero();
            a.write(bucket0(), 0, city("a0"));
            a.write(bucket0(), 1, city("a1"));
            a.flush();
            b.write(bucket0(), 0, city("b0"));
            b.write(bucket0(), 1, city("b1"));
            b.write(bucket0(), 2, city("b2"));
            b.flush();
            a.write(bucket0(), 2, city("a2"));
            a.write(bucket0(), 3, city("a3"));
            a.flush();
        }
        List<String> expected = List.of("0@0 [c:a0]", "0@1 [c:a1]", "0@2 [c:b2]", "0@3 [c:a3]");
        assertThat(cities(readBounded(connection, table, StartPosition.earliest(), "city")))
                .isEqualTo(expected);
        assertThat(cities(readBounded(connection, table, StartPosition.offset(2), "city")))
                .isEqualTo(expected.subList(2, 4));
        assertThat(cities(readBounded(connection, table, StartPosition.offset(3), "city")))
                .isEqualTo(expected.subList(3, 4));
        assertThat(new EnrichmentWatermarks(connection, table).watermark("geo", bucket0()))
                .isEqualTo(4);
    }

    private static List<String> cities(List<StitchedRecord> records) {
        List<String> out = new ArrayList<>();
        for (StitchedRecord record : records) {
            out.add(
                    record.bucket().bucket()
                            + "@"
                            + record.offset()
                            + " [c:"
                            + record.row().getString(0)
                            + "]");
        }
        return out;
    }

    @Test
    void startPositionsLatestTimestampAndEnrichmentWatermark() throws Exception {
        appendBase(connection, path, 0, 3);
        enrichGeo(0, 2);
        long afterFirstRows = System.currentTimeMillis() + 1;
        waitForClockToPass(afterFirstRows);
        appendBase(connection, path, 3, 5);
        try (StitchedScanner scanner = new StitchedScanner(connection, table, List.of("id"))) {
            assertThat(scanner.resolve(StartPosition.earliest(), bucket0())).isEqualTo(0);
            assertThat(scanner.resolve(StartPosition.latest(), bucket0())).isEqualTo(5);
            assertThat(scanner.resolve(StartPosition.timestamp(afterFirstRows), bucket0()))
                    .isEqualTo(3);
            assertThat(scanner.resolve(StartPosition.enrichmentWatermark("geo"), bucket0()))
                    .isEqualTo(2);
            assertThat(scanner.resolve(StartPosition.enrichmentWatermark("risk"), bucket0()))
                    .isEqualTo(0);
        }
        assertThat(
                        describe(
                                readBounded(
                                        connection,
                                        table,
                                        StartPosition.enrichmentWatermark("geo"),
                                        "id")))
                .containsExactly("0@2 [2]", "0@3 [3]", "0@4 [4]");
        assertThat(readBounded(connection, table, StartPosition.latest(), "id")).isEmpty();
    }

    private static void waitForClockToPass(long millis) throws InterruptedException {
        while (System.currentTimeMillis() <= millis) {
            Thread.sleep(1);
        }
    }

    @Test
    void aPartitionedBaseIsEnrichedAndStitchedPerPartition() throws Exception {
        TablePath partitioned = SharedFlussCluster.newTablePath("partitioned");
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(partitioned, TestTables.partitionedByDay(2), false);
        PartitionCreator partitions =
                new PartitionCreator(
                        connection.getAdmin(),
                        connection.getAdmin().getTableInfo(partitioned).get());
        for (String dt : List.of("2026-01-01", "2026-01-02")) {
            partitions.ensure(dt);
        }
        try (Table base = connection.getTable(partitioned)) {
            AppendWriter writer = base.newAppend().createWriter();
            for (int id = 0; id < 8; id++) {
                writer.append(
                        GenericRow.of(
                                id, BinaryString.fromString(id < 4 ? "2026-01-01" : "2026-01-02")));
            }
            writer.flush();
        }
        EnrichedTable loaded = tables.load(partitioned);
        List<StitchedRecord> baseRows =
                readBounded(connection, loaded, StartPosition.earliest(), "id", "dt");
        assertThat(baseRows).hasSize(8);
        try (EnrichmentWriter writer =
                new EnrichmentWriter(connection, loaded, "geo", GapPolicy.FAIL)) {
            for (StitchedRecord row : baseRows) {
                writer.write(row.bucket(), row.offset(), city("city" + row.row().getInt(0)));
            }
            writer.flush();
        }
        List<StitchedRecord> stitched =
                readBounded(connection, loaded, StartPosition.earliest(), "id", "dt", "city");
        assertThat(stitched).hasSize(8);
        for (StitchedRecord row : stitched) {
            int id = row.row().getInt(0);
            assertThat(row.bucket().partitionName()).isEqualTo(row.row().getString(1).toString());
            assertThat(row.row().getString(1).toString())
                    .isEqualTo(id < 4 ? "2026-01-01" : "2026-01-02");
            assertThat(row.row().getString(2).toString()).isEqualTo("city" + id);
        }
        assertThat(stitched.stream().map(r -> r.row().getInt(0)).sorted().toList())
                .containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @Test
    void aGroupAddedToATableWithDataStartsAtTheBasesEarliestOffset() throws Exception {
        TablePath plain = SharedFlussCluster.newTablePath("late_group");
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(
                plain,
                TableDescriptor.builder()
                        .schema(
                                Schema.newBuilder()
                                        .column("id", DataTypes.INT())
                                        .column("ip", DataTypes.STRING())
                                        .build())
                        .distributedBy(1)
                        .build(),
                false);
        appendBase(connection, plain, 0, 3);
        tables.addGroup(plain, "geo", List.of(new Schema.Column("country", DataTypes.STRING())));
        EnrichedTable loaded = tables.load(plain);
        assertThat(loaded.logicalRowType().getFieldNames()).containsExactly("id", "ip", "country");
        long baseEarliest = new BucketOffsets(connection.getAdmin()).earliest(plain, bucket0());
        assertThat(new EnrichmentWatermarks(connection, loaded).watermark("geo", bucket0()))
                .isEqualTo(baseEarliest)
                .isEqualTo(0);
        try (EnrichmentWriter writer =
                new EnrichmentWriter(connection, loaded, "geo", GapPolicy.FAIL)) {
            for (int offset = 0; offset < 3; offset++) {
                writer.write(bucket0(), offset, city("country" + offset));
            }
            writer.flush();
        }
        assertThat(
                        describe(
                                readBounded(
                                        connection,
                                        loaded,
                                        StartPosition.earliest(),
                                        "id",
                                        "country")))
                .containsExactly("0@0 [0, country0]", "0@1 [1, country1]", "0@2 [2, country2]");
    }

    /**
     * Fault: an append of offset 1 failed while those of 2 and 3 landed (Fluss's idempotent sender
     * renumbers the batches after a failed one). The watermark stops at the hole, so the next
     * writer writes it again; a bounded reader stops before it, a streaming reader waits for it and
     * then reads every row once, the rows that landed first winning.
     */
    @Test
    void aHoleLeftByAFailedAppendIsWrittenAgainAndReadersWaitForIt() throws Exception {
        appendBase(connection, path, 0, 5);
        EnrichedTable.Group geo = table.requireGroup("geo");
        BucketRouter router = BucketRouter.forCompanion(geo.companion());
        try (Table companion = connection.getTable(geo.companionPath())) {
            AppendWriter raw = companion.newAppend().createWriter();
            for (long offset : new long[] {0, 2, 3}) {
                raw.append(
                        GenericRow.of(
                                router.routeFor(0), offset, BinaryString.fromString("c" + offset)));
            }
            raw.flush();
        }
        assertThat(new EnrichmentWatermarks(connection, table).watermark("geo", bucket0()))
                .isEqualTo(1);
        assertThat(describe(readBounded(connection, table, StartPosition.earliest(), "city")))
                .containsExactly("0@0 [c0]");

        List<StitchedRecord> streamed = new ArrayList<>();
        try (StitchedScanner reader = new StitchedScanner(connection, table, List.of("city"))) {
            reader.subscribeAll(StartPosition.earliest(), false);
            for (int i = 0; i < 10; i++) {
                streamed.addAll(reader.poll(Duration.ofMillis(100)));
            }
            assertThat(describe(streamed)).containsExactly("0@0 [c0]"); // waits, no error

            try (EnrichmentWriter next =
                    new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL)) {
                assertThat(next.watermark(bucket0())).isEqualTo(1);
                for (int offset = 1; offset < 5; offset++) {
                    next.write(bucket0(), offset, city("again" + offset));
                }
                next.flush();
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (streamed.size() < 5 && System.nanoTime() < deadline) {
                streamed.addAll(reader.poll(Duration.ofMillis(100)));
            }
        }
        List<String> expected =
                List.of("0@0 [c0]", "0@1 [again1]", "0@2 [c2]", "0@3 [c3]", "0@4 [again4]");
        // lost = 0, duplicated = 0, partial = 0
        assertThat(describe(streamed)).containsExactlyElementsOf(expected);
        assertThat(describe(readBounded(connection, table, StartPosition.earliest(), "city")))
                .containsExactlyElementsOf(expected);
    }

    /**
     * Fault: a reader over many buckets gated on a lagging group. The buffer bound is one per
     * reader, not per bucket: while the group lags, the reader holds back at most about its bound
     * (plus one small fetch per bucket and table), and once the group catches up the pause/resume
     * path delivers every row exactly once, in offset order per bucket.
     */
    @Test
    void oneBufferBoundPerReaderAcrossManyBucketsWithExactOutput() throws Exception {
        // a fetch returns whole batches: one batch of up to 5 rows per bucket and table, twice
        long slack = 4 * 2 * 10;
        long maxBuffered =
                readAllWithBound(
                        BufferBound.DEFAULT.withMaxRows(24),
                        StitchedScanner::bufferedRows,
                        List.of("id", "city"),
                        id -> "[" + id + ", c" + id + "]");
        assertThat(maxBuffered).isLessThanOrEqualTo(24 + slack);
    }

    @Test
    void aBoundInBytesHoldsBackRowsByTheirHeapWithExactOutput() throws Exception {
        long bound = 1024;
        long maxBuffered =
                readAllWithBound(
                        BufferBound.DEFAULT.withMaxBytes(bound),
                        StitchedScanner::bufferedBytes,
                        List.of("id", "ip", "city"),
                        id -> "[" + id + ", 10.0.0." + id + ", c" + id + "]");
        // A held base row (id, ip) takes 256 bytes of heap, a companion row (offset, city) 240.
        // One batch of up to 5 rows per bucket and table may go past a share, twice: 80 rows.
        // (Bounded by rows only, this read held up to 39,198 bytes.)
        assertThat(maxBuffered).isLessThanOrEqualTo(bound + 80 * 256);
    }

    /**
     * Defect (stop 55, fixed in stop 56): Fluss hands out one bucket's fetch at a time, so in a
     * backlog read the base's rows of every bucket came while the companion's rows of one bucket
     * were handed out, and waited in the merge buffer: wide rows, each bucket up to what its share
     * was when they came, together past the bound (17.5 MB of 16 MB in the benchmark's read). Now
     * through the enriched part of a backlog the base fetches a bucket once its companion holds
     * rows of it, so the narrow companion rows wait instead. Here the base comes in fetches of 5
     * rows and the companion in one fetch per bucket: 87 base rows were held back before, none
     * after.
     */
    @Test
    void aBacklogReadFetchesABucketsBaseOnceItsCompanionRowsAreInHand() throws Exception {
        int buckets = 8;
        int rows = 480;
        BaseTable base = baseTable("whole", buckets, rows, 5); // small fetches, as of wide rows
        EnrichedTable wideTable = base.table();
        List<StitchedRecord> baseRows = base.rows();
        try (EnrichmentWriter geo =
                new EnrichmentWriter(connection, wideTable, "geo", GapPolicy.FAIL)) {
            for (StitchedRecord row : baseRows) {
                geo.write(row.bucket(), row.offset(), city("c" + row.row().getInt(0)));
            }
            geo.flush(); // one companion batch per bucket, as of narrow rows: fetched whole
        }

        BacklogRead read = readBacklogInSmallPolls(wideTable);
        // lost = 0, duplicated = 0, partial = 0
        assertThat(describe(read.rows())).containsExactlyInAnyOrderElementsOf(withCity(baseRows));
        // A base row waits only if the companion's rows in hand of its bucket ran out first (none
        // did here); a poll per bucket allowed.
        assertThat(read.mostBaseRowsHeldBack()).isLessThanOrEqualTo(buckets * 5);
    }

    /**
     * Defect (stop 59, fixed in stop 60): the order above held through a bucket's first companion
     * fetch only. Once subscribed, the base went on fetching a bucket while the companion's queue
     * handed out other buckets' fetches, and its rows waited up to their share (18 MB of merge
     * buffer at 2,500,000 rows in the benchmark). Now through a backlog the base stops fetching a
     * bucket while its rows wait for a companion that holds none of it, and fetches again when
     * companion rows come. Here the base comes in fetches of 5 rows and the companion in fetches of
     * 60 rows, several per bucket, handed out 5 rows a poll: up to 134 base rows were held back
     * before, 3 after.
     */
    @Test
    void aBacklogReadStopsFetchingABucketsBaseWhileItsRowsWaitForTheCompanion() throws Exception {
        int buckets = 4;
        int rows = 960;
        BaseTable base = baseTable("paced", buckets, rows, 20); // about 5 rows a bucket: a fetch
        EnrichedTable wideTable = base.table();
        List<StitchedRecord> baseRows = base.rows();
        List<StitchedRecord> byBucket =
                baseRows.stream()
                        .sorted(
                                Comparator.comparingInt((StitchedRecord r) -> r.bucket().bucket())
                                        .thenComparingLong(StitchedRecord::offset))
                        .toList();
        try (EnrichmentWriter geo =
                new EnrichmentWriter(connection, wideTable, "geo", GapPolicy.FAIL)) {
            for (int i = 0; i < rows; i++) {
                StitchedRecord row = byBucket.get(i);
                geo.write(row.bucket(), row.offset(), city("c" + row.row().getInt(0)));
                if (i % 60 == 59) {
                    geo.flush(); // a fetch of 60 narrow rows; a bucket's rows take several
                }
            }
        }

        BacklogRead read = readBacklogInSmallPolls(wideTable);
        // lost = 0, duplicated = 0, partial = 0
        assertThat(describe(read.rows()))
                .hasSize(rows)
                .containsExactlyInAnyOrderElementsOf(withCity(baseRows));
        // A base row waits at most one base fetch per bucket past its companion's rows in hand.
        assertThat(read.mostBaseRowsHeldBack()).isLessThanOrEqualTo(buckets * 5);
    }

    /**
     * A stitched read's rows, and the most base rows it held back at once.
     *
     * @param rows the rows read
     * @param mostBaseRowsHeldBack the largest count of base rows held back for their match
     */
    private record BacklogRead(List<StitchedRecord> rows, long mostBaseRowsHeldBack) {}

    /**
     * Reads {@code id, ip, city} of the table to its end, in fetches of one batch and polls of 5:
     * base rows wider than the companion's.
     */
    private BacklogRead readBacklogInSmallPolls(EnrichedTable wideTable) throws Exception {
        Configuration client = smallFetches();
        client.set(ConfigOptions.CLIENT_SCANNER_LOG_MAX_POLL_RECORDS, 5);
        long mostHeld = 0;
        List<StitchedRecord> out = new ArrayList<>();
        try (Connection smallPolls = ConnectionFactory.createConnection(client);
                StitchedScanner reader =
                        new StitchedScanner(
                                smallPolls,
                                wideTable,
                                List.of("id", "ip", "city"),
                                BufferBound.DEFAULT)) {
            reader.subscribeAll(StartPosition.earliest(), true);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!reader.isFinished() && System.nanoTime() < deadline) {
                out.addAll(reader.poll(Duration.ofMillis(50)));
                mostHeld =
                        Math.max(
                                mostHeld,
                                reader.readStates().values().stream()
                                        .mapToLong(StitchedScanner.BucketReadState::heldBackRows)
                                        .sum());
            }
        }
        return new BacklogRead(out, mostHeld);
    }

    /**
     * The base rows, as a stitched read of {@code id, ip, city} enriched with city "c" + id
     * describes.
     */
    private static List<String> withCity(List<StitchedRecord> baseRows) {
        List<String> described = new ArrayList<>();
        for (StitchedRecord row : baseRows) {
            int id = row.row().getInt(0);
            described.add(
                    row.bucket().bucket()
                            + "@"
                            + row.offset()
                            + " ["
                            + id
                            + ", 10.0.0."
                            + id
                            + ", c"
                            + id
                            + "]");
        }
        return described;
    }

    /**
     * A table and its base rows, as a read of {@code id} returns them.
     *
     * @param table the table
     * @param rows its base rows
     */
    private record BaseTable(EnrichedTable table, List<StitchedRecord> rows) {}

    /**
     * A device_logs table holding base rows {@code 0..rows-1}, appended in batches of {@code
     * batch}.
     */
    private BaseTable baseTable(String name, int buckets, int rows, int batch) throws Exception {
        EnrichedTable table =
                createDeviceLogs(connection, SharedFlussCluster.newTablePath(name), buckets);
        appendInBatches(table.tablePath(), rows, batch);
        return new BaseTable(table, readBounded(connection, table, StartPosition.earliest(), "id"));
    }

    /** Appends base rows {@code 0..rows-1} in batches of {@code batch} rows: one batch a fetch. */
    private void appendInBatches(TablePath path, int rows, int batch) throws Exception {
        try (Table base = connection.getTable(path)) {
            AppendWriter writer = base.newAppend().createWriter();
            for (int id = 0; id < rows; id++) {
                writer.append(TestTables.baseRow(id));
                if (id % batch == batch - 1) {
                    writer.flush();
                }
            }
        }
    }

    /** The shared connection's client options, with fetches of one small batch per bucket. */
    private Configuration smallFetches() {
        Configuration client = new Configuration(connection.getConfiguration());
        client.set(
                ConfigOptions.CLIENT_SCANNER_LOG_FETCH_MAX_BYTES_FOR_BUCKET,
                MemorySize.parse("256b"));
        return client;
    }

    /**
     * Reads a 4-bucket table with {@code bound} while its group lags, then catches up; asserts the
     * output is exact and returns the largest {@code buffered} seen.
     */
    private long readAllWithBound(
            BufferBound bound,
            ToLongFunction<StitchedScanner> buffered,
            List<String> columns,
            IntFunction<String> expectedValues)
            throws Exception {
        int buckets = 4;
        int rows = 240;
        TablePath wide = SharedFlussCluster.newTablePath("bounded");
        EnrichedTable wideTable = createDeviceLogs(connection, wide, buckets);
        appendInBatches(wide, rows, 5);
        List<StitchedRecord> baseRows =
                readBounded(connection, wideTable, StartPosition.earliest(), "id");
        assertThat(baseRows).hasSize(rows);

        Configuration smallFetches = smallFetches();
        long maxBuffered = 0;
        List<StitchedRecord> out = new ArrayList<>();
        try (Connection small = ConnectionFactory.createConnection(smallFetches);
                StitchedScanner reader = new StitchedScanner(small, wideTable, columns, bound)) {
            reader.subscribeAll(StartPosition.earliest(), false);
            for (int i = 0; i < 20; i++) {
                out.addAll(reader.poll(Duration.ofMillis(50)));
                maxBuffered = Math.max(maxBuffered, buffered.applyAsLong(reader));
            }
            assertThat(out).isEmpty(); // the group has nothing yet: nothing partial leaves

            try (EnrichmentWriter geo =
                    new EnrichmentWriter(connection, wideTable, "geo", GapPolicy.FAIL)) {
                for (int i = 0; i < rows; i++) {
                    StitchedRecord row = baseRows.get(i);
                    geo.write(row.bucket(), row.offset(), city("c" + row.row().getInt(0)));
                    if (i % 5 == 4) {
                        geo.flush(); // small companion batches, as for the base
                    }
                }
                geo.flush();
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (out.size() < rows && System.nanoTime() < deadline) {
                out.addAll(reader.poll(Duration.ofMillis(50)));
                maxBuffered = Math.max(maxBuffered, buffered.applyAsLong(reader));
            }
        }
        List<String> expected = new ArrayList<>();
        for (StitchedRecord row : baseRows) {
            expected.add(
                    row.bucket().bucket()
                            + "@"
                            + row.offset()
                            + " "
                            + expectedValues.apply(row.row().getInt(0)));
        }
        // lost = 0, duplicated = 0, partial = 0; per bucket in offset order
        assertThat(describe(out)).hasSize(rows).containsExactlyInAnyOrderElementsOf(expected);
        for (int b = 0; b < buckets; b++) {
            int bucket = b;
            List<Long> offsets =
                    out.stream()
                            .filter(r -> r.bucket().bucket() == bucket)
                            .map(StitchedRecord::offset)
                            .toList();
            assertThat(offsets).isSorted().doesNotHaveDuplicates();
        }
        return maxBuffered;
    }

    /**
     * A scanner of {@code id, city} whose list-offsets requests and companion table handles (its
     * own not counted) are counted.
     */
    private StitchedScanner countingScanner(
            EnrichedTable wideTable, AtomicInteger listOffsets, AtomicInteger companionHandles) {
        TablePath companion = wideTable.requireGroup("geo").companionPath();
        StitchedScanner scanner =
                new StitchedScanner(
                        countingCalls(connection, listOffsets, companion, companionHandles),
                        wideTable,
                        List.of("id", "city"));
        companionHandles.set(0); // the scanner's own handle
        return scanner;
    }

    /**
     * A 4-bucket table of 40 rows whose group geo enriched each bucket below {@code enrichedBelow};
     * the enriched rows as a stitched read of {@code id, city} describes them.
     */
    private List<String> fourBucketsEnrichedBelow(EnrichedTable wideTable, long enrichedBelow)
            throws Exception {
        appendBase(connection, wideTable.tablePath(), 0, 40);
        List<String> enriched = new ArrayList<>();
        try (EnrichmentWriter geo =
                new EnrichmentWriter(connection, wideTable, "geo", GapPolicy.FAIL)) {
            for (StitchedRecord row :
                    readBounded(connection, wideTable, StartPosition.earliest(), "id")) {
                if (row.offset() < enrichedBelow) {
                    int id = row.row().getInt(0);
                    geo.write(row.bucket(), row.offset(), city("c" + id));
                    enriched.add(
                            row.bucket().bucket()
                                    + "@"
                                    + row.offset()
                                    + " ["
                                    + id
                                    + ", c"
                                    + id
                                    + "]");
                }
            }
            geo.flush();
        }
        return enriched;
    }

    @Test
    void aBoundedReadLooksUpTheStopOffsetsOfAllBucketsTogether() throws Exception {
        EnrichedTable wideTable =
                createDeviceLogs(
                        connection, SharedFlussCluster.newTablePath("reader_bounded_batched"), 4);
        // each bucket enriched up to offset 6 (or its end)
        List<String> expected = fourBucketsEnrichedBelow(wideTable, 6);
        AtomicInteger listOffsets = new AtomicInteger();
        AtomicInteger companionHandles = new AtomicInteger();
        try (StitchedScanner scanner = countingScanner(wideTable, listOffsets, companionHandles)) {
            scanner.subscribeAll(StartPosition.earliest(), true);

            // The subscriptions' 4 requests (the companion's high watermarks too: through a
            // backlog the base waits for the rows the companion had), and for the stop offsets
            // the base's high watermarks and log starts and the companion's log starts and high
            // watermarks: one request each for all 4 buckets (it was 4 per bucket, 16).
            assertThat(listOffsets.get()).isEqualTo(8);
            // The companion's written offsets of every bucket: one scanner (it was one per
            // bucket); a read from offset 0 probes no companion row.
            assertThat(companionHandles.get()).isEqualTo(1);
            assertThat(describe(drain(scanner))).containsExactlyInAnyOrderElementsOf(expected);
            for (int bucket = 0; bucket < 4; bucket++) {
                EnrichedBucket b = EnrichedBucket.of(bucket);
                assertThat(scanner.nextOffset(b)).isEqualTo(scanner.frontier(b));
            }
        }
    }

    @Test
    void subscribingEveryBucketAsksForOffsetsOncePerTableNotOncePerBucket() throws Exception {
        EnrichedTable wideTable =
                createDeviceLogs(connection, SharedFlussCluster.newTablePath("reader_batched"), 4);
        List<String> expected = fourBucketsEnrichedBelow(wideTable, Long.MAX_VALUE);
        AtomicInteger listOffsets = new AtomicInteger();
        AtomicInteger companionHandles = new AtomicInteger();
        try (StitchedScanner scanner = countingScanner(wideTable, listOffsets, companionHandles)) {
            scanner.subscribeAll(StartPosition.earliest(), false);

            // The start offsets, the base's log starts and high watermarks (where each bucket's
            // backlog ends), the companion's log starts and high watermarks (the rows the base
            // waits for through a backlog): one request each for all 4 buckets (it was 5 per
            // bucket). A read from offset 0 starts at each companion's first row, so no companion
            // row is asked for.
            assertThat(listOffsets.get()).isEqualTo(5);
            assertThat(companionHandles.get()).isZero();
            for (int bucket = 0; bucket < 4; bucket++) {
                assertThat(scanner.nextOffset(EnrichedBucket.of(bucket))).isZero();
            }
            assertThat(describe(pollUntil(scanner, 40)))
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void subscribingEveryBucketPastOffsetZeroProbesTheCompanionOncePerTable() throws Exception {
        EnrichedTable wideTable =
                createDeviceLogs(
                        connection, SharedFlussCluster.newTablePath("reader_batched_past"), 4);
        List<String> expected =
                fourBucketsEnrichedBelow(wideTable, Long.MAX_VALUE).stream()
                        .filter(row -> offsetOf(row) >= 2)
                        .toList();
        AtomicInteger listOffsets = new AtomicInteger();
        AtomicInteger companionHandles = new AtomicInteger();
        try (StitchedScanner scanner = countingScanner(wideTable, listOffsets, companionHandles)) {
            List<StitchedScanner.BucketRange> ranges = new ArrayList<>();
            for (int bucket = 0; bucket < 4; bucket++) {
                ranges.add(
                        new StitchedScanner.BucketRange(
                                EnrichedBucket.of(bucket), 2, Long.MAX_VALUE));
            }
            scanner.subscribe(ranges);

            // The base's log starts and high watermarks, the companion's log starts and high
            // watermarks: one request each for all 4 buckets.
            assertThat(listOffsets.get()).isEqualTo(4);
            // The companion's first and last row in every bucket: two probing scanners of one
            // table handle, read at once (it was a handle and a scanner per bucket and row, 8,
            // then a handle per scanner, read one after the other, 2).
            assertThat(companionHandles.get()).isEqualTo(1);
            assertThat(describe(pollUntil(scanner, expected.size())))
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    /** The offset of a row as {@link #describe} writes it ("bucket@offset [...]"). */
    private static long offsetOf(String described) {
        return Long.parseLong(
                described.substring(described.indexOf('@') + 1, described.indexOf(' ')));
    }

    /**
     * The connection, its admin counting list-offsets requests, and counting the handles it opens
     * on table {@code counted}.
     */
    private static Connection countingCalls(
            Connection connection,
            AtomicInteger listOffsets,
            TablePath counted,
            AtomicInteger handles) {
        return InterceptedConnection.of(
                connection,
                (method, args, real) -> {
                    if (method.getName().equals("getTable") && counted.equals(args[0])) {
                        handles.incrementAndGet();
                    }
                    return real.call();
                },
                (method, args, real) -> {
                    if (method.getName().equals("listOffsets")) {
                        listOffsets.incrementAndGet();
                    }
                    return real.call();
                });
    }
}
