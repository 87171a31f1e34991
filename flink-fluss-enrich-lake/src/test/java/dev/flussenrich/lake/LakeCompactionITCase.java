/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.testutils.FlinkSql;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;

import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compaction of a bucket-unaware lake table over many small tiering commits, with Paimon's own
 * compaction for append tables; every lake read goes through Paimon's reader ({@link PaimonReads}).
 */
@ExtendWith(SharedFlussCluster.class)
class LakeCompactionITCase {

    @RegisterExtension static final MiniClusterExtension FLINK = FlinkSql.miniCluster();

    /** Paimon's {@code compaction.min.file-num}, set on the lake table as a Paimon user would. */
    private static final int MIN_FILE_NUM = 3;

    /** Tiering writers: each adds at most one file to the (unpartitioned) table per commit. */
    private static final int WRITERS = 2;

    private static final int COMMITS = 32;

    @TempDir Path warehouse;

    private static StreamExecutionEnvironment env() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(WRITERS);
        env.enableCheckpointing(100);
        return env;
    }

    private LakeTieringBuilder tiering(TablePath path) {
        return FlussEnrichLake.tiering()
                .setBootstrapServers(SharedFlussCluster.cluster().bootstrapServers())
                .setTable(path.getDatabaseName(), path.getTableName())
                .setWarehouse(warehouse.toUri().toString());
    }

    /**
     * After a compaction run a partition holds fewer than {@code compaction.min.file-num} small
     * files (at that many, Paimon's coordinator rewrites them all into one); the next tiering
     * commit adds at most one file per writer before the next run. So no snapshot ever holds more
     * than {@code MIN_FILE_NUM - 1 + WRITERS} files; without compaction the table would hold up to
     * {@code WRITERS} files per commit.
     */
    @Test
    void aBucketUnawareLakeStaysSmallOverManyCommitsAndEveryRowStaysOnce() throws Exception {
        TablePath path = Enrich.deviceLogs("lake_compaction", 2);
        Enrich.group(path, "geo", id -> true);
        Enrich.group(path, "risk", id -> true);
        StreamExecutionEnvironment first = env();
        tiering(path).setBounded(true).addTo(first);
        first.execute("create the lake table");
        FileStoreTable lake =
                PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
        assertThat(lake.bucketMode()).isEqualTo(BucketMode.BUCKET_UNAWARE);
        setLakeOption(path, "compaction.min.file-num", Integer.toString(MIN_FILE_NUM));

        StreamExecutionEnvironment env = env();
        tiering(path).addTo(env);
        JobClient job = env.executeAsync("tier many small commits");
        int rows = 2;
        try {
            for (int commit = 0; commit < COMMITS; commit++) {
                int from = rows;
                rows += 2;
                TestTables.appendBase(SharedFlussCluster.connection(), path, from, rows);
                Enrich.group(path, "geo", id -> id >= from);
                Enrich.group(path, "risk", id -> id >= from);
                int expected = rows;
                PaimonReads.awaitRows(lake, r -> r.size() >= expected);
            }
        } finally {
            job.cancel().get();
        }

        lake = PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
        assertThat(PaimonReads.rows(lake)).isEqualTo(expectedRows(path, rows));
        List<Snapshot> history = history(lake);
        List<Snapshot> compactions =
                history.stream()
                        .filter(s -> s.commitKind() == Snapshot.CommitKind.COMPACT)
                        .toList();
        assertThat(history.size() - compactions.size())
                .as("tiering commits")
                .isGreaterThanOrEqualTo(COMMITS);
        int mostFiles = 0;
        for (Snapshot snapshot : history) {
            mostFiles = Math.max(mostFiles, liveFiles(lake, snapshot));
        }
        assertThat(mostFiles)
                .as("the most data files any snapshot holds")
                .isLessThanOrEqualTo(MIN_FILE_NUM - 1 + WRITERS);
        assertThat(compactions).as("compaction snapshots").isNotEmpty();
        // A compaction snapshot holds the rows of the snapshot before it, and so its offsets;
        // it has its checkpoint id too.
        for (Snapshot compaction : compactions) {
            Snapshot before = lake.snapshotManager().snapshot(compaction.id() - 1);
            assertThat(compaction.properties())
                    .as("offsets of compaction snapshot %s", compaction.id())
                    .isNotEmpty()
                    .isEqualTo(before.properties());
            assertThat(compaction.commitIdentifier()).isEqualTo(before.commitIdentifier());
        }

        // Make a compaction snapshot the newest (Paimon's rollback), then restart the tiering
        // from it with more rows in Fluss: each row reaches the lake once.
        Snapshot lastCompaction = compactions.get(compactions.size() - 1);
        lake.rollbackTo(lastCompaction.id());
        lake = PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
        assertThat(lake.snapshotManager().latestSnapshot().commitKind())
                .isEqualTo(Snapshot.CommitKind.COMPACT);
        int tieredBefore = rows;
        rows += 4;
        TestTables.appendBase(SharedFlussCluster.connection(), path, tieredBefore, rows);
        Enrich.group(path, "geo", id -> id >= tieredBefore);
        Enrich.group(path, "risk", id -> id >= tieredBefore);
        StreamExecutionEnvironment restart = env();
        tiering(path).setBounded(true).addTo(restart);
        restart.execute("tier on from a compaction snapshot");
        lake = PaimonReads.table(warehouse, path.getDatabaseName(), path.getTableName());
        assertThat(PaimonReads.rows(lake)).isEqualTo(expectedRows(path, rows));

        // A union read over the newest snapshot (tiered after compactions) and two log rows.
        int inLake = rows;
        rows += 2;
        TestTables.appendBase(SharedFlussCluster.connection(), path, inLake, rows);
        Enrich.group(path, "geo", id -> id >= inLake);
        Enrich.group(path, "risk", id -> id >= inLake);
        List<String> read = new ArrayList<>();
        StreamExecutionEnvironment union = env();
        try (CloseableIterator<RowData> it =
                FlussEnrichLake.unionRead()
                        .setBootstrapServers(SharedFlussCluster.cluster().bootstrapServers())
                        .setTable(path.getDatabaseName(), path.getTableName())
                        .setWarehouse(warehouse.toUri().toString())
                        .setColumns("id")
                        .setBounded(true)
                        .addTo(union)
                        .executeAndCollect()) {
            it.forEachRemaining(row -> read.add(row.getInt(0) + "@" + row.getLong(2)));
        }
        List<String> expected = new ArrayList<>();
        for (StitchedRecord base : Enrich.baseRows(path)) {
            expected.add(base.row().getInt(0) + "@" + base.offset());
        }
        assertThat(read).hasSize(rows).containsExactlyInAnyOrderElementsOf(expected);
    }

    private void setLakeOption(TablePath path, String key, String value) throws Exception {
        Options options = new Options();
        options.set("warehouse", warehouse.toUri().toString());
        try (Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options))) {
            catalog.alterTable(
                    Identifier.create(path.getDatabaseName(), path.getTableName()),
                    SchemaChange.setOption(key, value),
                    false);
        }
    }

    private static List<Snapshot> history(FileStoreTable lake) throws Exception {
        List<Snapshot> snapshots = new ArrayList<>();
        Iterator<Snapshot> it = lake.snapshotManager().snapshots();
        it.forEachRemaining(snapshots::add);
        snapshots.sort((a, b) -> Long.compare(a.id(), b.id()));
        return snapshots;
    }

    private static int liveFiles(FileStoreTable lake, Snapshot snapshot) {
        return lake.store().newScan().withSnapshot(snapshot).plan().files().size();
    }

    private static List<String> expectedRows(TablePath path, int ids) throws Exception {
        List<String> expected = new ArrayList<>();
        for (StitchedRecord base : Enrich.baseRows(path)) {
            int id = base.row().getInt(0);
            if (id < ids) {
                expected.add(
                        "id="
                                + id
                                + " ip=10.0.0."
                                + id
                                + " city=city-"
                                + id
                                + " score="
                                + (id / 10.0)
                                + " __bucket="
                                + base.bucket().bucket()
                                + " __offset="
                                + base.offset()
                                + " __timestamp="
                                + base.timestamp());
            }
        }
        expected.sort(null);
        return expected;
    }
}
