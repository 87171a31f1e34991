/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.reader;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.read.StitchedScanner;
import dev.flussenrich.metrics.StitchedReaderMetrics;
import dev.flussenrich.source.ScanSettings;
import dev.flussenrich.source.split.BucketSplit;

import org.apache.fluss.client.Connection;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.base.source.reader.RecordsBySplits;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.apache.flink.runtime.execution.SuppressRestartsException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Fetches whole rows of the assigned buckets through one {@link StitchedScanner}. */
@Internal
public final class StitchedSplitReader implements SplitReader<StitchedRecord, BucketSplit> {

    private static final Logger LOG = LoggerFactory.getLogger(StitchedSplitReader.class);
    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    static final Duration HIGH_WATERMARK_REFRESH = Duration.ofSeconds(5);

    private final ScanSettings settings;
    private final StitchedReaderMetrics metrics;
    private final Set<EnrichedBucket> reportedFinished = new HashSet<>();
    private final Map<EnrichedBucket, String> splitIds = new HashMap<>();
    private Connection connection;
    private EnrichedTable table;
    private StitchedScanner scanner;
    private long nextHighWatermarkRefresh = System.nanoTime();

    public StitchedSplitReader(ScanSettings settings, StitchedReaderMetrics metrics) {
        this.settings = settings;
        this.metrics = metrics;
    }

    private StitchedScanner scanner() {
        if (scanner == null) {
            connection = settings.connection().forReaders().connect();
            table = new EnrichedTables(connection.getAdmin()).load(settings.table());
            scanner =
                    new StitchedScanner(
                            connection, table, settings.columns(), settings.bufferBound());
        }
        return scanner;
    }

    @Override
    public RecordsWithSplitIds<StitchedRecord> fetch() {
        RecordsBySplits.Builder<StitchedRecord> batch = new RecordsBySplits.Builder<>();
        if (scanner == null) {
            return batch.build();
        }
        List<StitchedRecord> records = scanner.poll(POLL_TIMEOUT);
        for (StitchedRecord record : records) {
            batch.add(splitIds.computeIfAbsent(record.bucket(), BucketSplit::idOf), record);
        }
        if (!records.isEmpty()) {
            metrics.recordFetched(
                    records.get(records.size() - 1).timestamp(), System.currentTimeMillis());
        }
        List<EnrichedBucket> finished = scanner.finishedBuckets();
        for (EnrichedBucket bucket : finished) {
            if (reportedFinished.add(bucket)) {
                batch.addFinishedSplit(BucketSplit.idOf(bucket));
                scanner.unsubscribe(bucket);
            }
        }
        metrics.update(scanner.readStates());
        refreshHighWatermarksWhenDue();
        return batch.build();
    }

    /** The metrics' high watermarks, looked up every few seconds; a failed lookup waits. */
    private void refreshHighWatermarksWhenDue() {
        long now = System.nanoTime();
        if (now < nextHighWatermarkRefresh) {
            return;
        }
        nextHighWatermarkRefresh = now + HIGH_WATERMARK_REFRESH.toNanos();
        try {
            metrics.updateHighWatermarks(scanner.highWatermarks());
        } catch (RuntimeException e) {
            LOG.debug("Could not look up the high watermarks of {}", settings.table(), e);
        }
    }

    @Override
    public void handleSplitsChanges(SplitsChange<BucketSplit> change) {
        if (!(change instanceof SplitsAddition)) {
            throw new UnsupportedOperationException(
                    "Unsupported split change " + change.getClass().getSimpleName());
        }
        if (change.splits().isEmpty()) {
            return;
        }
        StitchedScanner scanner = scanner();
        List<StitchedScanner.BucketRange> ranges = new ArrayList<>();
        for (BucketSplit split : change.splits()) {
            checkSameTable(split);
            ranges.add(
                    new StitchedScanner.BucketRange(
                            split.bucket(), split.startingOffset(), split.stoppingOffset()));
        }
        // The offsets of all new splits are looked up together (one request per partition).
        scanner.subscribe(ranges);
    }

    /**
     * A split restored from a checkpoint of a table that was dropped and created again: its offsets
     * belong to the old table. Every restart would meet the same state, so no restart.
     */
    private void checkSameTable(BucketSplit split) {
        long current = table.base().getTableId();
        if (split.tableId() != BucketSplit.UNKNOWN_TABLE && split.tableId() != current) {
            throw new SuppressRestartsException(
                    new IllegalStateException(
                            String.format(
                                    "Table '%s' was dropped and created again since this job's"
                                            + " checkpoint (table id %d, now %d): the"
                                            + " checkpointed offsets of %s belong to the dropped"
                                            + " table. Start the job without its checkpoint or"
                                            + " savepoint.",
                                    settings.table(), split.tableId(), current, split.bucket())));
        }
    }

    @Override
    public void wakeUp() {
        // fetch() returns within POLL_TIMEOUT on its own.
    }

    @Override
    public void close() throws Exception {
        if (scanner != null) {
            scanner.close();
        }
        if (connection != null) {
            connection.close();
        }
    }
}
