/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.source;

import dev.flussenrich.lake.LakeTableSpec;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.util.InstantiationUtil;

import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A bounded read of one Paimon snapshot of the lake table, projected to the columns a union read
 * asked for (the system columns included), with Paimon's own split planner and reader.
 */
@Internal
public final class LakeSnapshotSource extends BoundedLakeSource {

    private static final long serialVersionUID = 1L;

    private final LakeTableSpec lake;
    private final long snapshotId;
    private final int[] projection;
    private final HashMap<String, String> partitionSpec;

    /**
     * How an emitted row is made of the projected one, when not field by field: emitted field
     * {@code i} is projected field {@code positions[i]}, except at {@code partitionPosition} (-1:
     * none), where Fluss's partition name is emitted: the projected fields at {@code keyPositions}
     * (the partition keys) joined by '$' as Fluss joins them. Paimon projects each field once, so a
     * column read twice (as itself and in the name) needs this.
     */
    public record RowLayout(int[] positions, int partitionPosition, int[] keyPositions)
            implements Serializable {}

    /**
     * @param snapshotId the Paimon snapshot to read, or -1 for none (the lake is empty)
     * @param projection the lake table's field indexes to emit, in emitted order
     */
    public LakeSnapshotSource(
            LakeTableSpec lake,
            long snapshotId,
            int[] projection,
            InternalTypeInfo<RowData> producedType) {
        this(lake, snapshotId, projection, producedType, null);
    }

    /**
     * @param layout how emitted rows are made of the projected ones, or null: field by field
     */
    public LakeSnapshotSource(
            LakeTableSpec lake,
            long snapshotId,
            int[] projection,
            InternalTypeInfo<RowData> producedType,
            @Nullable RowLayout layout) {
        this(lake, snapshotId, projection, producedType, layout, Map.of());
    }

    /**
     * @param partitionSpec partition key values every read row has (a pushed-down partition
     *     filter): Paimon plans the splits of those partitions only
     */
    public LakeSnapshotSource(
            LakeTableSpec lake,
            long snapshotId,
            int[] projection,
            InternalTypeInfo<RowData> producedType,
            @Nullable RowLayout layout,
            Map<String, String> partitionSpec) {
        super(producedType, layout);
        this.lake = lake;
        this.snapshotId = snapshotId;
        this.projection = projection.clone();
        this.partitionSpec = new HashMap<>(partitionSpec);
    }

    private ReadBuilder readBuilder() {
        FileStoreTable table = lake.load();
        if (snapshotId >= 0) {
            table = table.copy(Map.of("scan.snapshot-id", Long.toString(snapshotId)));
        }
        ReadBuilder read = table.newReadBuilder().withProjection(projection);
        return partitionSpec.isEmpty() ? read : read.withPartitionFilter(partitionSpec);
    }

    @Override
    LakeSnapshotReader.SplitRows splitRows() {
        return new PaimonSplitRows(() -> readBuilder().newRead());
    }

    @Override
    List<LakeSplit> planSplits() {
        List<LakeSplit> splits = new ArrayList<>();
        if (snapshotId < 0) {
            return splits;
        }
        try {
            for (Split split : readBuilder().newScan().plan().splits()) {
                splits.add(
                        new LakeSplit(
                                "lake-" + snapshotId + "-" + splits.size(),
                                InstantiationUtil.serializeObject(split),
                                0));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return splits;
    }
}
