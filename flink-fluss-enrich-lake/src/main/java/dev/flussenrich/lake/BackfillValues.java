/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.read.StitchedScanner;
import dev.flussenrich.table.RowDataDeserializer;

import org.apache.fluss.client.Connection;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Fluss side of a backfill, the same for every lake format: the values of the columns to fill,
 * read per bucket from Fluss with the commit timestamp of their base rows, once every group to fill
 * has enriched each bucket up to the lake's offset.
 */
@Internal
public final class BackfillValues implements AutoCloseable {

    /** A group row from Fluss, with the commit timestamp of its base row. */
    public record Values(long timestamp, RowData row) {}

    private final EnrichedTable source;
    private final List<String> columns;
    private final StitchedScanner scanner;
    private final RowDataDeserializer values;
    private final Map<EnrichedBucket, Long> offsets;

    /**
     * Opens a stitched scan of {@code columns} and resolves the lake offsets recorded in {@code
     * tieredProperties} against the table's ids.
     *
     * @throws IllegalStateException if a group to fill is behind the lake in some bucket
     */
    public BackfillValues(
            Connection fluss,
            EnrichedTable source,
            List<String> columns,
            Map<String, String> tieredProperties) {
        this.source = source;
        this.columns = List.copyOf(columns);
        this.scanner = new StitchedScanner(fluss, source, columns);
        try {
            this.values =
                    RowDataDeserializer.of(source.logicalRowType().project(columns), List.of());
            BaseIds ids =
                    BaseIds.load(fluss.getAdmin(), source.tablePath(), source.isPartitioned());
            this.offsets = LakeOffsets.current(tieredProperties, ids);
            checkEnriched();
        } catch (RuntimeException e) {
            try {
                scanner.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** The Flink type of the values' rows: the columns to fill, in their order. */
    public RowType rowType() {
        @SuppressWarnings("unchecked")
        InternalTypeInfo<RowData> type = (InternalTypeInfo<RowData>) values.getProducedType();
        return type.toRowType();
    }

    /** The buckets still in Fluss with rows in the lake, and the lake's offset in each. */
    public Map<EnrichedBucket, Long> lakeOffsets() {
        return offsets;
    }

    /** The partitions (null for a table without) of {@link #lakeOffsets()}, in a stable order. */
    public Set<String> partitions() {
        Set<String> partitions = new LinkedHashSet<>();
        sortedBuckets().forEach(bucket -> partitions.add(bucket.getKey().partitionName()));
        return partitions;
    }

    /** The values of one bucket's rows in Fluss below the lake's offset, by offset. */
    public Map<Long, Values> of(EnrichedBucket bucket) {
        Long stop = offsets.get(bucket);
        Map<Long, Values> read = new HashMap<>();
        if (stop == null) {
            return read;
        }
        scanner.subscribe(bucket, scanner.resolve(StartPosition.earliest(), bucket), stop);
        try {
            while (!scanner.isFinished()) {
                for (StitchedRecord record : scanner.poll(Duration.ofMillis(100))) {
                    read.put(
                            record.offset(),
                            new Values(record.timestamp(), values.deserialize(record)));
                }
            }
        } finally {
            scanner.unsubscribe(bucket);
        }
        return read;
    }

    /** Every group to fill has enriched each tiered bucket up to the lake's offset. */
    private void checkEnriched() {
        List<Map.Entry<EnrichedBucket, Long>> buckets = sortedBuckets();
        Map<EnrichedBucket, Long> frontiers =
                scanner.frontiers(buckets.stream().map(Map.Entry::getKey).toList());
        for (Map.Entry<EnrichedBucket, Long> lake : buckets) {
            long frontier = frontiers.get(lake.getKey());
            if (frontier < lake.getValue()) {
                throw new IllegalStateException(
                        String.format(
                                "Cannot fill the lake of '%s' with columns %s yet: their groups"
                                        + " %s have enriched %s up to offset %d, but the lake"
                                        + " holds its rows up to offset %d. Let the groups'"
                                        + " enrichment jobs catch up, then start the tiering"
                                        + " again; until then lake reads leave these columns"
                                        + " out.",
                                source.tablePath(),
                                columns,
                                scanner.gatingGroups(),
                                describe(lake.getKey()),
                                frontier,
                                lake.getValue()));
            }
        }
    }

    private List<Map.Entry<EnrichedBucket, Long>> sortedBuckets() {
        return offsets.entrySet().stream()
                .sorted(
                        Comparator.comparing(
                                        (Map.Entry<EnrichedBucket, Long> e) ->
                                                String.valueOf(e.getKey().partitionName()))
                                .thenComparing(e -> e.getKey().bucket()))
                .toList();
    }

    private static String describe(EnrichedBucket bucket) {
        return bucket.partitionName() == null
                ? "bucket " + bucket.bucket()
                : "bucket " + bucket.bucket() + " of partition '" + bucket.partitionName() + "'";
    }

    @Override
    public void close() throws Exception {
        scanner.close();
    }
}
