/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.lake.source.LakeThenLogSource;
import dev.flussenrich.lake.source.TieredSnapshot;
import dev.flussenrich.table.IdentityMetadata;
import dev.flussenrich.table.LakeDeclaration;
import dev.flussenrich.table.RowDataDeserializer;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Assembles a union read: the newest lake snapshot, then the Fluss log from the offsets that
 * snapshot recorded. See {@link FlussEnrichLake#unionRead()}.
 */
@PublicEvolving
public final class UnionReadBuilder extends LakeJobBuilder<UnionReadBuilder> {

    private List<String> columns;
    private boolean bounded;
    private Duration partitionDiscoveryInterval;

    UnionReadBuilder() {}

    /** The logical columns to read (default: every column the lake table carries). */
    public UnionReadBuilder setColumns(String... columns) {
        this.columns = List.of(columns);
        return this;
    }

    /** Stop at the Fluss frontier found when the log part starts (default: go on with the log). */
    public UnionReadBuilder setBounded(boolean bounded) {
        this.bounded = bounded;
        return this;
    }

    /**
     * How often the log part of an unbounded read looks for new partitions (default as {@link
     * dev.flussenrich.source.FlussEnrichSourceBuilder#setPartitionDiscoveryInterval}, 10 s).
     */
    public UnionReadBuilder setPartitionDiscoveryInterval(Duration interval) {
        this.partitionDiscoveryInterval = interval;
        return this;
    }

    /**
     * Adds the union read to {@code env}: rows are the chosen columns followed by {@code _bucket},
     * {@code _offset} and {@code _timestamp}, each base row once. Loads the logical table from
     * Fluss and the newest tiered snapshot from Paimon; the log part starts, per bucket, at the
     * offset that snapshot recorded (buckets it has nothing of start at their log start).
     */
    public DataStream<RowData> addTo(StreamExecutionEnvironment env) {
        checkRequired();
        FlussConnectionConfig connection = connection();
        EnrichedTable table = loadTable(connection);
        LakeDeclaration declaration = lakeDeclaration(table);
        TieredSnapshot lake = TieredSnapshot.require(declaration, table.tablePath());
        List<String> read = columns != null ? columns : lake.completeColumns();
        for (String column : read) {
            if (!lake.fields().contains(column) || LakeTableSpec.isSystemColumn(column)) {
                throw new IllegalArgumentException(
                        "Column '"
                                + column
                                + "' is not in lake table '"
                                + lake.name()
                                + "' (it carries "
                                + lake.completeColumns()
                                + "): tier its group to the lake, or read it from Fluss alone.");
            }
            if (!lake.completeColumns().contains(column)) {
                throw new IllegalStateException(
                        LakeTableSpec.notFilledYetMessage(lake.name(), List.of(column)));
            }
        }
        Map<EnrichedBucket, Long> offsets =
                lake.exists()
                        ? LakeOffsets.current(lake.properties(), baseIds(connection, table))
                        : Map.of();
        RowDataDeserializer rows =
                RowDataDeserializer.of(
                        table.logicalRowType().project(read),
                        List.of(
                                IdentityMetadata.BUCKET,
                                IdentityMetadata.OFFSET,
                                IdentityMetadata.TIMESTAMP));
        @SuppressWarnings("unchecked")
        InternalTypeInfo<RowData> type = (InternalTypeInfo<RowData>) rows.getProducedType();
        List<String> lakeFields = new ArrayList<>(read);
        lakeFields.add(LakeTableSpec.BUCKET_COLUMN);
        lakeFields.add(LakeTableSpec.OFFSET_COLUMN);
        lakeFields.add(LakeTableSpec.TIMESTAMP_COLUMN);
        Source<RowData, ?, ?> lakePart =
                lake.read(lakeFields, type.toRowType().getChildren(), type, null, Map.of());
        var logPartBuilder =
                this.<RowData>sourceBuilder(new ArrayList<>(read))
                        .setStartOffsets(offsets)
                        .setBounded(bounded)
                        .setDeserializer(rows);
        if (partitionDiscoveryInterval != null) {
            logPartBuilder.setPartitionDiscoveryInterval(partitionDiscoveryInterval);
        }
        var logPart = logPartBuilder.build();
        return env.fromSource(
                new LakeThenLogSource(lakePart, logPart),
                WatermarkStrategy.noWatermarks(),
                "union read " + lake.name() + " + " + table.tablePath(),
                type);
    }
}
