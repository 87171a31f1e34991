/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.read.StitchedScanner;
import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.examples.ExampleMain;
import dev.flussenrich.lake.FlussEnrichLake;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * fluss-enrich against the copy pipeline (log table A -> enrichment job -> log table B), side by
 * side in one run on an embedded Fluss cluster and a local Flink. Prints a table of both sides and
 * their ratios and writes the same to {@code target/benchmark-results.json}.
 *
 * <pre>mvn -B -q -Pdemo -Ddemo.main=dev.flussenrich.examples.benchmark.EnrichmentBenchmark
 *     -Ddemo.jvmArgs=-Dbenchmark.rows=500000 -DskipTests verify</pre>
 */
public final class EnrichmentBenchmark {

    static final String DB = "bench";
    static final int BUCKETS = Integer.getInteger("benchmark.buckets", 4);
    static final int PARALLELISM = 2;
    static final int REPETITIONS = Integer.getInteger("benchmark.repetitions", 3);

    /** Options for fluss-enrich's reads of A, e.g. {@code -Dbenchmark.read-options=k=v}. */
    static final String STITCHED_READ_HINT = readHint(System.getProperty("benchmark.read-options"));

    /** The enrichment columns as 1 group (one job) or 3 groups (three jobs). */
    static final List<BenchmarkSchema.Group> GROUPS =
            BenchmarkSchema.groups(Integer.getInteger("benchmark.groups", 1));

    /** Tiering pairs (each side writes every row to Parquet: about 20 s at 500,000 rows). */
    static final int TIERING_REPETITIONS = Integer.getInteger("benchmark.tiering-repetitions", 3);

    private final BenchmarkSchema schema = new BenchmarkSchema();
    private final BenchmarkReport report = new BenchmarkReport();
    private final int rows;
    private final EmbeddedFlussCluster fluss;
    private final Connection connection;
    private final TableEnvironment batch;

    private EnrichmentBenchmark(int rows, EmbeddedFlussCluster fluss) throws Exception {
        this.rows = rows;
        this.fluss = fluss;
        this.connection = ConnectionFactory.createConnection(fluss.clientConfig());
        connection.getAdmin().createDatabase(DB, DatabaseDescriptor.EMPTY, true).get();
        // Fluss's own connector reads log tables in streaming mode only, so every job here is a
        // streaming job, on both sides, stopped once it has handled all rows.
        this.batch = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        batch.getConfig().set("parallelism.default", String.valueOf(PARALLELISM));
        batch.createTemporarySystemFunction("tick", RowCounter.class);
        registerCatalogs(batch);
    }

    public static void main(String[] args) {
        ExampleMain.run(
                () -> {
                    int rows = Integer.parseInt(System.getProperty("benchmark.rows", "500000"));
                    try (EmbeddedFlussCluster fluss = EmbeddedFlussCluster.start(1)) {
                        EnrichmentBenchmark benchmark = new EnrichmentBenchmark(rows, fluss);
                        benchmark.run();
                        benchmark.connection.close();
                    }
                });
    }

    /** Both catalogs see the same Fluss: 'enrich' (fluss-enrich) and 'fluss' (Fluss's own). */
    private void registerCatalogs(TableEnvironment tEnv) {
        String servers = fluss.bootstrapServers();
        tEnv.executeSql(
                "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                        + servers
                        + "', 'default-database' = '"
                        + DB
                        + "')");
        tEnv.executeSql(
                "CREATE CATALOG fluss WITH ('type' = 'fluss', 'bootstrap.servers' = '"
                        + servers
                        + "', 'default-database' = '"
                        + DB
                        + "')");
        tEnv.executeSql(
                "CREATE TEMPORARY TABLE default_catalog.default_database.sink_all ("
                        + schema.allColumnsDdl()
                        + ") WITH ('connector' = 'blackhole')");
        tEnv.executeSql(
                "CREATE TEMPORARY TABLE default_catalog.default_database.sink_base ("
                        + schema.baseColumnsDdl()
                        + ") WITH ('connector' = 'blackhole')");
    }

    private void run() throws Exception {
        batch.executeSql(
                "CREATE TABLE enrich.bench.a ("
                        + schema.allColumnsDdl()
                        + ") WITH ('bucket.num' = '"
                        + BUCKETS
                        + "', 'bucket.key' = 'c0'"
                        + groupProperties()
                        + ")");
        batch.executeSql(
                "CREATE TABLE fluss.bench.b ("
                        + schema.allColumnsDdl()
                        + ") WITH ('bucket.num' = '"
                        + BUCKETS
                        + "', 'bucket.key' = 'c0')");
        batch.executeSql(
                "CREATE TABLE fluss.bench.ideal ("
                        + schema.enrichmentColumnsDdl()
                        + ") WITH ('bucket.num' = '"
                        + BUCKETS
                        + "')");
        DiskUsage disk = new DiskUsage(fluss.dataDir(), connection.getAdmin());

        System.out.printf("Loading %,d base rows of %d columns into A ...%n", rows, 50);
        schema.appendBaseRows(connection, TablePath.of(DB, "a"), 0, rows, 0);
        long baseBytes = disk.logBytes(TablePath.of(DB, "a"));

        // 1. enrichment write vs copy write (and 6. their peak heap), paired runs
        Progress progress = new Progress(connection);
        List<String> enrichStatements = GROUPS.stream().map(g -> g.insert("")).toList();
        String copyStatement =
                "INSERT INTO fluss.bench.b SELECT "
                        + schema.baseColumnList()
                        + ", "
                        + BenchmarkSchema.ENRICHMENT_EXPRESSIONS
                        + " FROM fluss.bench.a "
                        + BenchmarkSchema.FLUSS_READ_HINT;
        List<Measured> enrich = new ArrayList<>();
        List<Measured> copy = new ArrayList<>();
        // Each run writes C and B again: their sizes move with how the writers happened to batch.
        List<Double> companionSizes = new ArrayList<>();
        List<Double> copySizes = new ArrayList<>();
        for (int run = 0; run < REPETITIONS; run++) {
            if (run > 0) {
                emptyCompanionAndCopy();
            }
            // A fresh group has no duplicates: all rows are in once each companion holds N rows.
            enrich.add(timed(progress.rowsInEach(companions()), enrichStatements));
            copy.add(timed(progress.rowsIn(TablePath.of(DB, "b")), List.of(copyStatement)));
            companionSizes.add((double) companionBytes(disk));
            copySizes.add((double) disk.logBytes(TablePath.of(DB, "b")));
        }
        timed(
                progress.rowsIn(TablePath.of(DB, "ideal")),
                "INSERT INTO fluss.bench.ideal SELECT "
                        + BenchmarkSchema.ENRICHMENT_EXPRESSIONS
                        + " FROM fluss.bench.a "
                        + BenchmarkSchema.FLUSS_READ_HINT);
        reportRates("enrichment job rows/s", enrich, copy, 3.0, 2.0);
        if (Boolean.getBoolean("benchmark.tiering-only")) {
            // For profiling the tiering alone: A enriched and B copied once, then the tiering.
            measureTiering();
            report.print(System.out, rows);
            return;
        }

        // 2. stored bytes, C and B the medians of their runs
        long companionBytes = (long) BenchmarkReport.median(companionSizes);
        long copyBytes = (long) BenchmarkReport.median(copySizes);
        long idealBytes = disk.logBytes(TablePath.of(DB, "ideal"));
        report.ratio(
                "stored bytes (A+C) vs (A+B), median",
                baseBytes + companionBytes,
                baseBytes + copyBytes,
                "bytes",
                0.52,
                false);
        report.ratio(
                "stored bytes (A+C) vs ideal (A+enrichment only)",
                baseBytes + companionBytes,
                baseBytes + idealBytes,
                "bytes",
                Double.NaN,
                false);

        // 3. stitched read vs reading B; 4. base-only read vs Fluss's own connector
        List<Measured> stitched = new ArrayList<>();
        List<Measured> readB = new ArrayList<>();
        List<Measured> baseOnly = new ArrayList<>();
        List<Measured> plain = new ArrayList<>();
        for (int run = 0; run < REPETITIONS; run++) {
            stitched.add(
                    timed(
                            RowCounter.counter(),
                            "INSERT INTO default_catalog.default_database.sink_all SELECT "
                                    + schema.allColumnList()
                                    + " FROM enrich.bench.a"
                                    + STITCHED_READ_HINT
                                    + " WHERE tick(c0)"));
            readB.add(
                    timed(
                            RowCounter.counter(),
                            "INSERT INTO default_catalog.default_database.sink_all SELECT "
                                    + schema.allColumnList()
                                    + " FROM fluss.bench.b "
                                    + BenchmarkSchema.FLUSS_READ_HINT
                                    + " WHERE tick(c0)"));
            baseOnly.add(
                    timed(
                            RowCounter.counter(),
                            "INSERT INTO default_catalog.default_database.sink_base SELECT "
                                    + schema.baseColumnList()
                                    + " FROM enrich.bench.a"
                                    + STITCHED_READ_HINT
                                    + " WHERE tick(c0)"));
            plain.add(
                    timed(
                            RowCounter.counter(),
                            "INSERT INTO default_catalog.default_database.sink_base SELECT "
                                    + schema.baseColumnList()
                                    + " FROM fluss.bench.a "
                                    + BenchmarkSchema.FLUSS_READ_HINT
                                    + " WHERE tick(c0)"));
        }
        reportRates("stitched read rows/s (SELECT *)", stitched, readB, 1.0, Double.NaN);
        reportRates("base-only read rows/s", baseOnly, plain, 1.0, Double.NaN);

        // The heap target is on what a job keeps alive: the sampled peak adds garbage not yet
        // collected, which grows with the rate a job allocates at (so with its speed) and with
        // the collector's timing, not with what the job needs to run.
        report.ratio(
                "peak heap sampled (with garbage), enrichment vs copy",
                medianHeap(enrich),
                medianHeap(copy),
                "bytes",
                Double.NaN,
                false);
        report.ratio(
                "peak heap sampled (with garbage), stitched vs B",
                medianHeap(stitched),
                medianHeap(readB),
                "bytes",
                Double.NaN,
                false);
        report.ratio(
                "peak live heap (after GC), enrichment job vs copy",
                medianLiveHeap(enrich),
                medianLiveHeap(copy),
                "bytes",
                1.0,
                false);
        report.ratio(
                "peak live heap (after GC), stitched read vs B",
                medianLiveHeap(stitched),
                medianLiveHeap(readB),
                "bytes",
                1.0,
                false);

        measureTiering();

        // 5. visibility latency with the enrichment job (vs the copy job) running
        Latency latency = new Latency(fluss, connection, schema, rows);
        double[] enrichLatency = latency.fluxEnrich();
        double[] appendHop = Latency.percentiles(latency.appendHops);
        double[] copyLatency = latency.copyPipeline(null);
        double[] tunedCopyLatency =
                latency.copyPipeline(FlussConnectionConfig.DEFAULT_FETCH_WAIT_MAX_TIME);
        report.ratio(
                "visibility latency p50 ms",
                enrichLatency[0],
                copyLatency[0],
                "ms",
                Double.NaN,
                false);
        report.ratio(
                "visibility latency p99 ms",
                enrichLatency[1],
                copyLatency[1],
                "ms",
                Double.NaN,
                false);
        report.ratio(
                "visibility p99 ms vs copy, both fetch waits 50 ms",
                enrichLatency[1],
                tunedCopyLatency[1],
                "ms",
                Double.NaN,
                false);
        report.absolute("fluss-enrich visibility p99 ms (target < 500)", enrichLatency[1]);
        report.absolute("  of which append to base commit, p50 ms", appendHop[0]);
        report.absolute("  of which append to base commit, p99 ms", appendHop[1]);

        report.print(System.out, rows);
        Path json = Path.of("target", "benchmark-results.json");
        Files.createDirectories(json.getParent());
        Files.writeString(json, report.toJson(rows));
        System.out.println("Wrote " + json.toAbsolutePath());
    }

    /** Two lines per paired measurement: steady state (20% to 80% of the rows) and whole job. */
    private void reportRates(
            String name,
            List<Measured> enrich,
            List<Measured> baseline,
            double steadyTarget,
            double wholeTarget) {
        report.repeated(
                name + ", steady state",
                enrich.stream().map(m -> m.steadyRate(rows)).toList(),
                baseline.stream().map(m -> m.steadyRate(rows)).toList(),
                "rows/s",
                steadyTarget);
        report.repeated(
                name + ", whole job",
                enrich.stream().map(m -> m.wholeRate(rows)).toList(),
                baseline.stream().map(m -> m.wholeRate(rows)).toList(),
                "rows/s",
                wholeTarget);
    }

    private long companionBytes(DiskUsage disk) throws Exception {
        long bytes = 0;
        for (TablePath companion : companions()) {
            bytes += disk.logBytes(companion);
        }
        return bytes;
    }

    private static double medianHeap(List<Measured> runs) {
        return BenchmarkReport.median(runs.stream().map(m -> (double) m.peakHeapBytes()).toList());
    }

    private static double medianLiveHeap(List<Measured> runs) {
        return BenchmarkReport.median(
                runs.stream().map(m -> (double) m.peakLiveHeapBytes()).toList());
    }

    private static String readHint(String options) {
        if (options == null || options.isBlank()) {
            return "";
        }
        List<String> pairs = new ArrayList<>();
        for (String pair : options.split(",")) {
            String[] kv = pair.split("=", 2);
            pairs.add("'" + kv[0].trim() + "' = '" + kv[1].trim() + "'");
        }
        return " /*+ OPTIONS(" + String.join(", ", pairs) + ") */";
    }

    private static String groupProperties() {
        StringBuilder properties = new StringBuilder();
        for (BenchmarkSchema.Group group : GROUPS) {
            properties
                    .append(", 'column-groups.")
                    .append(group.name())
                    .append("' = '")
                    .append(String.join(", ", group.columns()))
                    .append("'");
        }
        return properties.toString();
    }

    private static List<TablePath> companions() {
        return GROUPS.stream().map(g -> TablePath.of(DB, g.companion())).toList();
    }

    /** Before a repeated write: the groups dropped and added again, B dropped and created. */
    private void emptyCompanionAndCopy() throws Exception {
        for (BenchmarkSchema.Group group : GROUPS) {
            batch.executeSql("CALL enrich.sys.drop_column_group('bench.a', '" + group.name() + "')")
                    .await();
            batch.executeSql(
                            "CALL enrich.sys.add_column_group('bench.a', '"
                                    + group.name()
                                    + "', '"
                                    + group.ddl()
                                    + "')")
                    .await();
        }
        batch.executeSql("DROP TABLE fluss.bench.b").await();
        batch.executeSql(
                        "CREATE TABLE fluss.bench.b ("
                                + schema.allColumnsDdl()
                                + ") WITH ('bucket.num' = '"
                                + BUCKETS
                                + "', 'bucket.key' = 'c0')")
                .await();
    }

    /**
     * Runs one streaming INSERT until {@code handled} counts all rows, timing the whole job and the
     * stretch from 20% to 80% of the rows (its steady state: no start-up, no tail) and sampling the
     * peak heap while it runs, then cancels it.
     */
    private Measured timed(Progress.Counter handled, String statement) throws Exception {
        return timed(handled, List.of(statement));
    }

    /** The same for statements that run side by side as separate jobs (one per group). */
    private Measured timed(Progress.Counter handled, List<String> statements) throws Exception {
        statements.forEach(statement -> System.out.println("  running: " + abbreviate(statement)));
        RowCounter.reset();
        System.gc();
        HeapSampler heap = new HeapSampler();
        heap.start();
        LiveHeap liveHeap = new LiveHeap();
        liveHeap.start();
        long start = System.nanoTime();
        List<TableResult> results = new ArrayList<>();
        for (String statement : statements) {
            results.add(batch.executeSql(statement));
        }
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        long at20 = -1;
        long at80 = -1;
        while (true) {
            long count = handled.count();
            long now = System.nanoTime();
            if (at20 < 0 && count >= rows * 0.2) {
                at20 = now;
            }
            if (at80 < 0 && count >= rows * 0.8) {
                at80 = now;
            }
            if (count >= rows) {
                break;
            }
            for (TableResult result : results) {
                var status = result.getJobClient().orElseThrow().getJobStatus().get();
                if (status.isGloballyTerminalState()) {
                    result.await();
                    throw new IllegalStateException("Job ended as " + status + ": " + statements);
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "Did not finish within 5 minutes ("
                                + count
                                + " rows handled): "
                                + statements);
            }
            Thread.sleep(20);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        long steadyMillis = Math.max(1, (at80 - at20) / 1_000_000);
        long peak = heap.finish();
        long live = liveHeap.finish();
        for (TableResult result : results) {
            result.getJobClient().orElseThrow().cancel().get();
        }
        System.out.printf(
                Locale.ROOT,
                "    %,d ms (20%%..80%% of the rows in %,d ms), peak heap %,d MB, live %,d MB%n",
                millis,
                steadyMillis,
                peak >> 20,
                live >> 20);
        return new Measured(millis, steadyMillis, peak, live);
    }

    /**
     * 7. Enriched tiering of A (stitched rows to Paimon) vs tiering the copy B with the same job on
     * a plain table: Fluss's own tiering service needs its lake plugin in the servers.
     */
    private void measureTiering() throws Exception {
        if (TIERING_REPETITIONS < 1) {
            return; // -Dbenchmark.tiering-repetitions=0: the other measurements only
        }
        Path warehouse = Files.createTempDirectory("benchmark-lake");
        List<Measured> tierA = new ArrayList<>();
        List<Measured> tierB = new ArrayList<>();
        for (int run = 0; run < TIERING_REPETITIONS; run++) {
            tierA.add(tiered("a", "lake_a_" + run, warehouse));
            tierB.add(tiered("b", "lake_b_" + run, warehouse));
        }
        report.repeated(
                "lake tiering rows/s (A stitched vs B), whole job",
                tierA.stream().map(m -> m.wholeRate(rows)).toList(),
                tierB.stream().map(m -> m.wholeRate(rows)).toList(),
                "rows/s",
                Double.NaN);
    }

    /** Tiers every row of {@code table} to a new Paimon table as a bounded job, timed. */
    private Measured tiered(String table, String lakeTable, Path warehouse) throws Exception {
        System.out.println("  tiering bench." + table + " to Paimon table bench." + lakeTable);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);
        // A bounded job ends with the next periodic checkpoint (it commits the last files): a
        // short interval keeps that wait from deciding the timing of either side.
        env.enableCheckpointing(Duration.ofSeconds(1).toMillis());
        FlussEnrichLake.tiering()
                .setBootstrapServers(fluss.bootstrapServers())
                .setTable(DB, table)
                .setWarehouse(warehouse.toUri().toString())
                .setLakeTable(DB, lakeTable)
                .setBounded(true)
                .addTo(env);
        System.gc();
        HeapSampler heap = new HeapSampler();
        heap.start();
        long start = System.nanoTime();
        env.execute("tier bench." + table);
        long millis = (System.nanoTime() - start) / 1_000_000;
        long peak = heap.finish();
        System.out.printf(Locale.ROOT, "    %,d ms, peak heap %,d MB%n", millis, peak >> 20);
        return new Measured(millis, millis, peak, peak);
    }

    private static String abbreviate(String statement) {
        return statement.length() > 110 ? statement.substring(0, 110) + " ..." : statement;
    }

    record Measured(long millis, long steadyMillis, long peakHeapBytes, long peakLiveHeapBytes) {

        double wholeRate(int rows) {
            return rows / (millis / 1000.0);
        }

        double steadyRate(int rows) {
            return rows * 0.6 / (steadyMillis / 1000.0);
        }
    }

    /** Samples used heap every 20 ms on a daemon thread. */
    private static final class HeapSampler extends Thread {
        private volatile boolean running = true;
        private volatile long peak;

        HeapSampler() {
            setDaemon(true);
        }

        @Override
        public void run() {
            Runtime runtime = Runtime.getRuntime();
            while (running) {
                peak = Math.max(peak, runtime.totalMemory() - runtime.freeMemory());
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        long finish() throws InterruptedException {
            running = false;
            join();
            return peak;
        }
    }

    /** Visibility latency: from a base row's append to its enriched row leaving a reader. */
    static final class Latency {
        private static final int LATENCY_ROWS = 5_000;
        private static final int ROWS_PER_SECOND = 1_000;

        private final EmbeddedFlussCluster fluss;
        private final Connection connection;
        private final BenchmarkSchema schema;
        private int firstId;
        private final List<Double> appendHops = new ArrayList<>();

        Latency(
                EmbeddedFlussCluster fluss,
                Connection connection,
                BenchmarkSchema schema,
                int firstId) {
            this.fluss = fluss;
            this.connection = connection;
            this.schema = schema;
            this.firstId = firstId;
        }

        private TableEnvironment streaming() {
            TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
            tEnv.getConfig().set("parallelism.default", String.valueOf(PARALLELISM));
            tEnv.getConfig().set("execution.checkpointing.interval", "1 s");
            tEnv.executeSql(
                    "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                            + fluss.bootstrapServers()
                            + "')");
            tEnv.executeSql(
                    "CREATE CATALOG fluss WITH ('type' = 'fluss', 'bootstrap.servers' = '"
                            + fluss.bootstrapServers()
                            + "')");
            return tEnv;
        }

        /** p50 and p99 with the fluss-enrich enrichment job and a stitched reader. */
        double[] fluxEnrich() throws Exception {
            TableEnvironment tEnv = streaming();
            List<TableResult> jobs = new ArrayList<>();
            for (BenchmarkSchema.Group group : GROUPS) {
                jobs.add(
                        tEnv.executeSql(
                                group.insert(
                                        " /*+ OPTIONS('scan.startup.mode' ="
                                                + " 'enrichment-watermark',"
                                                + " 'scan.startup.enrichment.group' = '"
                                                + group.name()
                                                + "') */")));
            }
            EnrichedTable table =
                    new EnrichedTables(connection.getAdmin()).load(TablePath.of(DB, "a"));
            List<Double> latencies = new ArrayList<>();
            // A reader as fluss-enrich's sources connect: with the connector's client defaults.
            try (Connection readerConnection =
                            FlussConnectionConfig.of(fluss.bootstrapServers(), Map.of()).connect();
                    StitchedScanner reader =
                            new StitchedScanner(
                                    readerConnection,
                                    table,
                                    List.of(
                                            "c1",
                                            BenchmarkSchema.ENRICHMENT_COLUMNS.get(0),
                                            BenchmarkSchema.ENRICHMENT_COLUMNS.get(1),
                                            BenchmarkSchema.ENRICHMENT_COLUMNS.get(2)))) {
                reader.subscribeAll(StartPosition.latest(), false);
                Thread producer = produce(nextIds());
                long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
                while (latencies.size() < LATENCY_ROWS && System.nanoTime() < deadline) {
                    for (StitchedRecord record : reader.poll(Duration.ofMillis(50))) {
                        latencies.add(
                                (double) (System.currentTimeMillis() - record.row().getLong(0)));
                        appendHops.add((double) (record.timestamp() - record.row().getLong(0)));
                    }
                }
                producer.join();
            } finally {
                for (TableResult job : jobs) {
                    job.getJobClient().orElseThrow().cancel().get();
                }
            }
            return percentiles(latencies);
        }

        /**
         * p50 and p99 with the copy job A -> B and a plain reader of B, with Fluss's client
         * defaults or, given {@code fetchWait}, with that fetch wait on its source and reader.
         */
        double[] copyPipeline(String fetchWait) throws Exception {
            String fetchWaitOption =
                    fetchWait == null
                            ? ""
                            : ", 'client.scanner.log.fetch.wait-max-time' = '" + fetchWait + "'";
            org.apache.fluss.config.Configuration readerConf = fluss.clientConfig();
            if (fetchWait != null) {
                readerConf.setString("client.scanner.log.fetch.wait-max-time", fetchWait);
            }
            TableEnvironment tEnv = streaming();
            TableResult job =
                    tEnv.executeSql(
                            "INSERT INTO fluss.bench.b SELECT "
                                    + schema.baseColumnList()
                                    + ", "
                                    + BenchmarkSchema.ENRICHMENT_EXPRESSIONS
                                    + " FROM fluss.bench.a /*+ OPTIONS('scan.startup.mode' ="
                                    + " 'latest', '"
                                    + BenchmarkSchema.FETCH_SIZE_KEY
                                    + "' = '"
                                    + BenchmarkSchema.FETCH_SIZE
                                    + "'"
                                    + fetchWaitOption
                                    + ") */");
            List<Double> latencies = new ArrayList<>();
            try (Connection readerConnection = ConnectionFactory.createConnection(readerConf);
                    Table b = readerConnection.getTable(TablePath.of(DB, "b"));
                    LogScanner reader =
                            b.newScan()
                                    .project(
                                            List.of(
                                                    "c1",
                                                    BenchmarkSchema.ENRICHMENT_COLUMNS.get(0)))
                                    .createLogScanner()) {
                Thread.sleep(3_000); // let the copy job reach 'latest' before rows flow
                for (int bucket = 0; bucket < BUCKETS; bucket++) {
                    reader.subscribe(
                            bucket,
                            new dev.flussenrich.core.BucketOffsets(connection.getAdmin())
                                    .highWatermark(
                                            TablePath.of(DB, "b"),
                                            dev.flussenrich.core.EnrichedBucket.of(bucket)));
                }
                Thread producer = produce(nextIds());
                long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
                while (latencies.size() < LATENCY_ROWS && System.nanoTime() < deadline) {
                    for (ScanRecord record : reader.poll(Duration.ofMillis(50))) {
                        latencies.add(
                                (double) (System.currentTimeMillis() - record.getRow().getLong(0)));
                    }
                }
                producer.join();
            } finally {
                job.getJobClient().orElseThrow().cancel().get();
            }
            return percentiles(latencies);
        }

        /** Appends LATENCY_ROWS rows at ROWS_PER_SECOND, each stamped with its append time. */
        private Thread produce(int fromId) {
            Thread producer =
                    new Thread(
                            () -> {
                                try {
                                    Thread.sleep(2_000); // the job is up and at the watermark
                                    try (Table a = connection.getTable(TablePath.of(DB, "a"))) {
                                        AppendWriter writer = a.newAppend().createWriter();
                                        int perTick = ROWS_PER_SECOND / 100;
                                        for (int i = 0; i < LATENCY_ROWS; i += perTick) {
                                            schema.appendBaseRows(
                                                    writer, fromId + i, fromId + i + perTick);
                                            writer.flush();
                                            Thread.sleep(10);
                                        }
                                    }
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                            },
                            "latency-producer");
            producer.start();
            return producer;
        }

        /** The first id of the next LATENCY_ROWS rows: each measurement appends new ids. */
        private int nextIds() {
            int first = firstId;
            firstId += LATENCY_ROWS;
            return first;
        }

        static double[] percentiles(List<Double> latencies) {
            if (latencies.isEmpty()) {
                return new double[] {Double.NaN, Double.NaN};
            }
            List<Double> sorted = new ArrayList<>(latencies);
            sorted.sort(Double::compare);
            return new double[] {
                sorted.get((int) (sorted.size() * 0.50)),
                sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * 0.99)))
            };
        }
    }
}
