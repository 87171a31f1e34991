/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.read.BufferBound;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.source.reader.StitchedRecordDeserializer;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.PublicEvolving;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link FlussEnrichSource} for the DataStream API; get one from {@link
 * FlussEnrichSource#builder()}. Each record is handed to the deserializer with its identity
 * (partition, bucket, offset) and commit timestamp, so that it can be enriched and written back
 * with {@link dev.flussenrich.sink.EnrichmentSink#builder()}. {@link #build()} checks the settings
 * and does no network I/O.
 */
@PublicEvolving
public final class FlussEnrichSourceBuilder<T> {

    private String bootstrapServers;
    private TablePath table;
    private List<String> columns;
    private StartPosition start = StartPosition.earliest();
    private Map<EnrichedBucket, Long> startOffsets = Map.of();
    private boolean bounded;
    private Duration partitionDiscoveryInterval = Duration.ofSeconds(10);
    private int maxBufferedRows = BufferBound.DEFAULT_MAX_ROWS;
    private long maxBufferedBytes = BufferBound.DEFAULT_MAX_BYTES;
    private final Map<String, String> clientOptions = new HashMap<>();
    private StitchedRecordDeserializer<T> deserializer;

    /** Use {@link FlussEnrichSource#builder()}. */
    FlussEnrichSourceBuilder() {}

    /** Fluss coordinator address(es), {@code host:port[,host:port]}. Required. */
    public FlussEnrichSourceBuilder<T> setBootstrapServers(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        return this;
    }

    /** The logical table. Required. */
    public FlussEnrichSourceBuilder<T> setTable(String database, String table) {
        this.table = TablePath.of(database, table);
        return this;
    }

    /**
     * The columns to read (base and/or group columns), in the order the deserializer sees them.
     * Rows are emitted only once every group these columns touch has them. Required.
     */
    public FlussEnrichSourceBuilder<T> setColumns(String... columns) {
        this.columns = new ArrayList<>(Arrays.asList(columns));
        return this;
    }

    /** Where each bucket starts; default {@link StartPosition#earliest()}. */
    public FlussEnrichSourceBuilder<T> setStartPosition(StartPosition start) {
        this.start = start;
        return this;
    }

    /**
     * Explicit base offsets for some buckets, overriding the start position there (a union read
     * continues after a lake snapshot this way). Other buckets start at the start position.
     */
    public FlussEnrichSourceBuilder<T> setStartOffsets(Map<EnrichedBucket, Long> startOffsets) {
        this.startOffsets = Map.copyOf(startOffsets);
        return this;
    }

    /** Stop at the frontier captured when the job starts (default: unbounded). */
    public FlussEnrichSourceBuilder<T> setBounded(boolean bounded) {
        this.bounded = bounded;
        return this;
    }

    /**
     * How many rows one source subtask holds back at most, over all its buckets, while a projection
     * waits for enrichment (default 100,000).
     */
    public FlussEnrichSourceBuilder<T> setMaxBufferedRows(int maxBufferedRows) {
        this.maxBufferedRows = maxBufferedRows;
        return this;
    }

    /**
     * How much heap (estimated) the rows one source subtask holds back may take at most, over all
     * its buckets, while a projection waits for enrichment (default 16 MB). Whichever of this and
     * {@link #setMaxBufferedRows} is reached first bounds the buffer.
     */
    public FlussEnrichSourceBuilder<T> setMaxBufferedBytes(long maxBufferedBytes) {
        this.maxBufferedBytes = maxBufferedBytes;
        return this;
    }

    /** How often an unbounded read looks for new partitions (default 10 s). */
    public FlussEnrichSourceBuilder<T> setPartitionDiscoveryInterval(Duration interval) {
        this.partitionDiscoveryInterval = interval;
        return this;
    }

    /** A Fluss client option, e.g. {@code client.scanner.log.fetch.max-bytes-for-bucket}. */
    public FlussEnrichSourceBuilder<T> setClientOption(String key, String value) {
        this.clientOptions.put(key, value);
        return this;
    }

    /** Turns stitched rows (identity, timestamp, columns) into records. Required. */
    public FlussEnrichSourceBuilder<T> setDeserializer(StitchedRecordDeserializer<T> deserializer) {
        this.deserializer = deserializer;
        return this;
    }

    public FlussEnrichSource<T> build() {
        BuilderChecks.required(bootstrapServers, "bootstrap servers", "setBootstrapServers");
        BuilderChecks.required(table, "table", "setTable");
        BuilderChecks.required(columns, "columns", "setColumns");
        BuilderChecks.required(deserializer, "deserializer", "setDeserializer");
        BuilderChecks.required(start, "start position", "setStartPosition");
        if (columns.isEmpty()) {
            throw new IllegalArgumentException(
                    "columns must name at least one column of table '" + table + "'.");
        }
        if (new HashSet<>(columns).size() != columns.size()) {
            throw new IllegalArgumentException(
                    "columns " + columns + " name a column twice; name each column once.");
        }
        if (start.kind() == StartPosition.Kind.ENRICHMENT_WATERMARK
                && (start.groups().isEmpty()
                        || start.groups().stream().anyMatch(String::isBlank))) {
            throw new IllegalArgumentException(
                    "The enrichment-watermark start position needs a group name.");
        }
        BufferBound bufferBound = new BufferBound(maxBufferedRows, maxBufferedBytes);
        if (partitionDiscoveryInterval == null
                || partitionDiscoveryInterval.isNegative()
                || partitionDiscoveryInterval.isZero()) {
            throw new IllegalArgumentException(
                    "The partition discovery interval must be positive, got "
                            + partitionDiscoveryInterval
                            + ".");
        }
        ScanSettings settings =
                new ScanSettings(
                        BuilderChecks.connection(bootstrapServers, clientOptions),
                        table,
                        columns,
                        start,
                        bounded,
                        partitionDiscoveryInterval,
                        bufferBound,
                        startOffsets);
        return new FlussEnrichSource<>(settings, deserializer);
    }
}
