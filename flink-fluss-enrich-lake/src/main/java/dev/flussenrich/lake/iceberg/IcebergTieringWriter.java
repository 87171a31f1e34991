/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.iceberg;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.lake.BaseIdsLookup;
import dev.flussenrich.lake.LakeOffsets;

import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes stitched rows to Iceberg Parquet data files (one per partition and checkpoint) and, before
 * each checkpoint barrier, hands the files and the offsets they reach to the committer. Rows below
 * the offsets of the newest tiered snapshot (at the writer's start) are in the lake already and
 * left out, as in the Paimon writer.
 */
@Internal
public final class IcebergTieringWriter extends AbstractStreamOperator<byte[]>
        implements OneInputStreamOperator<RowData, byte[]> {

    private static final long serialVersionUID = 1L;

    private final IcebergLakeTable lake;
    private final RowType rowType;
    private final int columnCount;
    private final BaseIdsLookup baseIds;

    private transient Table table;
    private transient FlinkToIceberg records;
    private transient GenericAppenderFactory appenders;
    private transient OutputFileFactory files;
    private transient PartitionKey partitionKey;
    private transient Map<PartitionKey, DataWriter<Record>> writers;
    private transient Map<EnrichedBucket, Long> inLake;
    private transient Map<EnrichedBucket, Long> offsets;

    /**
     * @param rowType the rows' type: {@code columnCount} logical columns, then bucket, offset,
     *     timestamp and partition
     */
    public IcebergTieringWriter(
            IcebergLakeTable lake, RowType rowType, int columnCount, BaseIdsLookup baseIds) {
        this.lake = lake;
        this.rowType = rowType;
        this.columnCount = columnCount;
        this.baseIds = baseIds;
    }

    @Override
    public void open() throws Exception {
        super.open();
        table = lake.load();
        try (BaseIdsLookup lookup = baseIds) {
            Map<String, String> summary = IcebergLakeTable.latestTieredSummary(table);
            inLake =
                    summary == null
                            ? new HashMap<>()
                            : LakeOffsets.current(summary, lookup.current());
        }
        records = new FlinkToIceberg(rowType, table.schema().asStruct());
        appenders = new GenericAppenderFactory(table.schema(), table.spec());
        files =
                OutputFileFactory.builderFor(
                                table,
                                getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(),
                                getRuntimeContext().getTaskInfo().getAttemptNumber())
                        .format(FileFormat.PARQUET)
                        .operationId(UUID.randomUUID().toString())
                        .build();
        partitionKey = new PartitionKey(table.spec(), table.schema());
        writers = new HashMap<>();
        offsets = new HashMap<>();
    }

    @Override
    public void processElement(StreamRecord<RowData> element) throws Exception {
        RowData row = element.getValue();
        int bucket = row.getInt(columnCount);
        long offset = row.getLong(columnCount + 1);
        int partitionField = columnCount + 3;
        EnrichedBucket enriched =
                EnrichedBucket.of(
                        row.isNullAt(partitionField)
                                ? null
                                : row.getString(partitionField).toString(),
                        bucket);
        Long lakeOffset = inLake.get(enriched);
        if (lakeOffset != null) {
            if (offset < lakeOffset) {
                return;
            }
            inLake.remove(enriched);
        }
        Record record = records.toRecord(row);
        partitionKey.partition(record);
        DataWriter<Record> writer = writers.get(partitionKey);
        if (writer == null) {
            PartitionKey key = partitionKey.copy();
            writer =
                    table.spec().isUnpartitioned()
                            ? appenders.newDataWriter(
                                    files.newOutputFile(), FileFormat.PARQUET, null)
                            : appenders.newDataWriter(
                                    files.newOutputFile(table.spec(), key),
                                    FileFormat.PARQUET,
                                    key);
            writers.put(key, writer);
        }
        writer.write(record);
        offsets.put(enriched, offset + 1);
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        super.prepareSnapshotPreBarrier(checkpointId);
        handOver(checkpointId);
    }

    /** A bounded tiering ends here: the last files go with the final checkpoint. */
    @Override
    public void finish() throws Exception {
        handOver(IcebergCommittable.END_OF_INPUT);
        super.finish();
    }

    private void handOver(long checkpointId) throws Exception {
        List<DataFile> written = new ArrayList<>();
        for (DataWriter<Record> writer : writers.values()) {
            writer.close();
            written.add(writer.toDataFile());
        }
        writers.clear();
        output.collect(
                new StreamRecord<>(
                        new IcebergCommittable(checkpointId, written, offsets).toBytes()));
        offsets = new HashMap<>();
    }

    @Override
    public void close() throws Exception {
        if (writers != null) {
            for (DataWriter<Record> writer : writers.values()) {
                writer.close(); // never committed: an orphan file, as after any failure
            }
        }
        super.close();
    }
}
