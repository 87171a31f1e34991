/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.LogicalTable;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.sink.AppendRowLayout;
import dev.flussenrich.sink.AppendSink;
import dev.flussenrich.sink.EnrichmentSink;
import dev.flussenrich.sink.GroupWrite;
import dev.flussenrich.sink.RowDataEnrichmentSerializer;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.connector.sink.abilities.SupportsWritingMetadata;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a logical table. Without {@code enrichment.group} it appends base rows; with it, it writes
 * the groups it names (one, or several from the same rows), and the INSERT column list must be the
 * identity metadata plus columns of those groups. Both are checked at planning time.
 */
@Internal
public final class FlussEnrichTableSink
        implements DynamicTableSink, SupportsWritingMetadata, SupportsPartitioning {

    private final FlussConnectionConfig connection;
    private final LogicalTable table;
    private final DataType physicalType;
    private final List<String> schemaColumns;
    private final List<String> groups;
    private final GapPolicy gapPolicy;
    private List<IdentityMetadata> metadata = List.of();

    /**
     * @param schemaColumns every column of the declared schema, in order (the target column indices
     *     point into it)
     * @param groups the enrichment groups written, or none for base writes
     */
    FlussEnrichTableSink(
            FlussConnectionConfig connection,
            LogicalTable table,
            DataType physicalType,
            List<String> schemaColumns,
            List<String> groups,
            GapPolicy gapPolicy) {
        this.connection = connection;
        this.table = table;
        this.physicalType = physicalType;
        this.schemaColumns = List.copyOf(schemaColumns);
        this.groups = List.copyOf(groups);
        this.gapPolicy = gapPolicy;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return ChangelogMode.insertOnly();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        Optional<List<String>> targets =
                context.getTargetColumns()
                        .map(
                                paths -> {
                                    List<String> names = new ArrayList<>();
                                    for (int[] path : paths) {
                                        names.add(schemaColumns.get(path[0]));
                                    }
                                    return names;
                                });
        return groups.isEmpty()
                ? SinkV2Provider.of(appendSink(targets))
                : SinkV2Provider.of(enrichmentSink(targets));
    }

    private AppendSink appendSink(Optional<List<String>> targets) {
        targets.ifPresent(names -> TargetColumns.validateBaseWrite(table, names));
        List<String> physical = DataType.getFieldNames(physicalType);
        List<Integer> basePositions = new ArrayList<>();
        List<Integer> nullPositions = new ArrayList<>();
        List<String> nullNames = new ArrayList<>();
        for (int i = 0; i < physical.size(); i++) {
            if (table.groups().groupOf(physical.get(i)).isEmpty()) {
                basePositions.add(i);
            } else {
                nullPositions.add(i);
                nullNames.add(physical.get(i));
            }
        }
        for (int i = 0; i < metadata.size(); i++) {
            nullPositions.add(physical.size() + i);
            nullNames.add(metadata.get(i).columnName());
        }
        return new AppendSink(
                connection,
                table.path(),
                new AppendRowLayout(
                        basePositions.stream().mapToInt(Integer::intValue).toArray(),
                        nullPositions.stream().mapToInt(Integer::intValue).toArray(),
                        nullNames));
    }

    private EnrichmentSink<RowData> enrichmentSink(Optional<List<String>> targets) {
        TargetColumns.validateEnrichmentWrite(table, groups, targets.orElse(null));
        NarrowEnrichmentRow narrow =
                new NarrowEnrichmentRow(
                        physicalType,
                        groups.stream().map(group -> table.groups().columnsOf(group)).toList(),
                        metadataPosition(IdentityMetadata.PARTITION),
                        metadataPosition(IdentityMetadata.BUCKET),
                        metadataPosition(IdentityMetadata.OFFSET));
        List<GroupWrite<RowData>> writes = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            String group = groups.get(i);
            writes.add(
                    new GroupWrite<>(
                            group,
                            new RowDataEnrichmentSerializer(
                                    table.path(), group, narrow.layouts().get(i))));
        }
        return EnrichmentSink.of(connection, table.path(), writes, gapPolicy, narrow.narrowing());
    }

    private int metadataPosition(IdentityMetadata key) {
        int index = metadata.indexOf(key);
        return index < 0 ? -1 : DataType.getFieldCount(physicalType) + index;
    }

    @Override
    public Map<String, DataType> listWritableMetadata() {
        Map<String, DataType> writable = new LinkedHashMap<>();
        for (IdentityMetadata m : IdentityMetadata.values()) {
            if (!m.isVirtual() && (m != IdentityMetadata.PARTITION || table.partitioned())) {
                writable.put(m.key(), m.type());
            }
        }
        return writable;
    }

    @Override
    public void applyWritableMetadata(List<String> metadataKeys, DataType consumedDataType) {
        this.metadata =
                metadataKeys.stream().map(k -> IdentityMetadata.ofKey(k).orElseThrow()).toList();
    }

    @Override
    public void applyStaticPartition(Map<String, String> partition) {
        // The planner puts static partition values into the rows; Fluss routes by them.
    }

    @Override
    public DynamicTableSink copy() {
        FlussEnrichTableSink copy =
                new FlussEnrichTableSink(
                        connection, table, physicalType, schemaColumns, groups, gapPolicy);
        copy.metadata = metadata;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return groups.isEmpty()
                ? "fluss-enrich sink " + table.path()
                : "fluss-enrich enrichment sink "
                        + table.path()
                        + (groups.size() == 1 ? " group " : " groups ")
                        + String.join(", ", groups);
    }
}
