/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.LogicalTable;
import dev.flussenrich.core.read.BufferBound;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.source.FlussEnrichSource;
import dev.flussenrich.source.ScanSettings;

import org.apache.fluss.flink.utils.FlinkConversions;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a logical table: projection pushdown (a base-only projection reads no companion), partition
 * filters pushed down (into the lake part too), identity metadata, rows gated on the projected
 * groups, streaming or bounded.
 */
@Internal
public final class FlussEnrichTableSource
        implements ScanTableSource,
                SupportsProjectionPushDown,
                SupportsFilterPushDown,
                SupportsReadingMetadata {

    private final FlussConnectionConfig connection;
    private final LogicalTable table;
    private final List<String> partitionKeys;
    private final DataType physicalType;
    private final StartPosition start;
    private final boolean bounded;
    private final Duration discoveryInterval;
    private final BufferBound bufferBound;

    /** The table's lake, read first in mode 'full'; null without one or in another mode. */
    @Nullable private final LakeSqlSupport.LakeRead lake;

    private List<String> columns;
    private DataType projectedPhysicalType;
    private List<IdentityMetadata> metadata = List.of();
    private DataType producedType;
    private Map<String, String> partitionFilter = Map.of();

    FlussEnrichTableSource(
            FlussConnectionConfig connection,
            LogicalTable table,
            List<String> partitionKeys,
            DataType physicalType,
            StartPosition start,
            boolean bounded,
            Duration discoveryInterval,
            BufferBound bufferBound,
            @Nullable LakeSqlSupport.LakeRead lake) {
        this.connection = connection;
        this.table = table;
        this.partitionKeys = List.copyOf(partitionKeys);
        this.physicalType = physicalType;
        this.start = start;
        this.bounded = bounded;
        this.discoveryInterval = discoveryInterval;
        this.bufferBound = bufferBound;
        this.lake = lake;
        this.columns = DataType.getFieldNames(physicalType);
        this.projectedPhysicalType = physicalType;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        DataType produced = producedType != null ? producedType : projectedPhysicalType;
        RowType flinkProjected = (RowType) projectedPhysicalType.getLogicalType();
        RowDataDeserializer deserializer =
                new RowDataDeserializer(
                        FlinkConversions.toFlussRowType(flinkProjected),
                        flinkProjected,
                        metadata,
                        context.<RowData>createTypeInformation(produced));
        ScanSettings settings =
                new ScanSettings(
                                connection,
                                table.path(),
                                columns,
                                start,
                                bounded,
                                discoveryInterval,
                                bufferBound)
                        .withPartitionFilter(partitionFilter);
        if (lake != null && lake.covers(columns)) {
            return SourceProvider.of(
                    LakeSqlSupport.require("Reading the lake of '" + table.path() + "'")
                            .unionRead(settings, deserializer, lake, metadata));
        }
        return SourceProvider.of(FlussEnrichSource.of(settings, deserializer));
    }

    @Override
    public boolean supportsNestedProjection() {
        return false;
    }

    @Override
    public void applyProjection(int[][] projectedFields, DataType producedDataType) {
        List<String> all = DataType.getFieldNames(physicalType);
        List<DataType> types = DataType.getFieldDataTypes(physicalType);
        List<String> projected = new ArrayList<>();
        List<DataTypes.Field> fields = new ArrayList<>();
        for (int[] path : projectedFields) {
            projected.add(all.get(path[0]));
            fields.add(DataTypes.FIELD(all.get(path[0]), types.get(path[0])));
        }
        this.columns = projected;
        this.projectedPhysicalType = DataTypes.ROW(fields).notNull();
    }

    /** Takes {@code key = 'value'} on partition keys: the other partitions are not read at all. */
    @Override
    public Result applyFilters(List<ResolvedExpression> filters) {
        PartitionEqualities pushed = PartitionEqualities.of(filters, partitionKeys);
        this.partitionFilter = pushed.keyValues();
        return pushed.result();
    }

    @Override
    public Map<String, DataType> listReadableMetadata() {
        Map<String, DataType> readable = new LinkedHashMap<>();
        for (IdentityMetadata m : IdentityMetadata.values()) {
            if (m != IdentityMetadata.PARTITION || table.partitioned()) {
                readable.put(m.key(), m.type());
            }
        }
        return readable;
    }

    @Override
    public void applyReadableMetadata(List<String> metadataKeys, DataType producedDataType) {
        this.metadata =
                metadataKeys.stream().map(k -> IdentityMetadata.ofKey(k).orElseThrow()).toList();
        this.producedType = producedDataType;
    }

    @Override
    public DynamicTableSource copy() {
        FlussEnrichTableSource copy =
                new FlussEnrichTableSource(
                        connection,
                        table,
                        partitionKeys,
                        physicalType,
                        start,
                        bounded,
                        discoveryInterval,
                        bufferBound,
                        lake);
        copy.columns = columns;
        copy.projectedPhysicalType = projectedPhysicalType;
        copy.metadata = metadata;
        copy.producedType = producedType;
        copy.partitionFilter = partitionFilter;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "fluss-enrich source " + table.path();
    }

    /** The projected logical columns (for tests and EXPLAIN). */
    public List<String> projectedColumns() {
        return columns;
    }
}
