/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.tiering;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.lake.BaseIdsLookup;
import dev.flussenrich.lake.FlinkRowAsPaimonRow;
import dev.flussenrich.lake.LakeOffsets;
import dev.flussenrich.lake.LakeTableSpec;

import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;

import org.apache.paimon.table.sink.StreamTableWrite;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Writes stitched rows to Paimon files and, before each checkpoint barrier, hands the files and the
 * offsets they reach to the committer. Nothing becomes visible here: the committer commits once the
 * checkpoint is complete, and after a failure the source replays from the checkpoint, so files
 * written after it are never committed.
 *
 * <p>Rows below the offsets of the newest lake snapshot (at the writer's start) are left out: they
 * are in the lake already. A new job or a restore from the newest checkpoint finds none; a restore
 * from an older savepoint or retained checkpoint replays rows the job committed after it, and would
 * write them twice.
 *
 * <p>Input rows are the tiered columns followed by {@code _bucket}, {@code _offset}, {@code
 * _timestamp} (the lake row) and {@code _partition}.
 */
@Internal
public final class TieringWriter extends AbstractStreamOperator<byte[]>
        implements OneInputStreamOperator<RowData, byte[]> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(TieringWriter.class);

    private final LakeTableSpec lake;
    private final String commitUser;
    private final BaseIdsLookup baseIds;
    private transient Map<EnrichedBucket, Long> inLake;
    private transient StreamTableWrite write;
    private transient FlinkRowAsPaimonRow lakeRow;
    private transient Map<EnrichedBucket, Long> offsets;
    private transient EnrichedBucket lastBucket;
    private transient StringData lastPartition;

    public TieringWriter(LakeTableSpec lake, String commitUser, BaseIdsLookup baseIds) {
        this.lake = lake;
        this.commitUser = commitUser;
        this.baseIds = baseIds;
    }

    @Override
    public void open() throws Exception {
        super.open();
        var table = lake.load();
        // The writer holds no state, so Flink does not tell it whether the job was restored:
        // it always looks. A new job's source starts at these offsets, so it finds nothing below.
        try (BaseIdsLookup lookup = baseIds) {
            inLake = LakeOffsets.latest(table, lookup.current());
        }
        if (!inLake.isEmpty()) {
            LOG.info("Rows below the lake's offsets {} are in the lake already", inLake);
        }
        write = table.newStreamWriteBuilder().withCommitUser(commitUser).newWrite();
        lakeRow = new FlinkRowAsPaimonRow(lake.columnCount() + 3);
        offsets = new HashMap<>();
    }

    @Override
    public void processElement(StreamRecord<RowData> element) throws Exception {
        RowData row = element.getValue();
        int columns = lake.columnCount();
        int bucket = row.getInt(columns);
        long offset = row.getLong(columns + 1);
        EnrichedBucket enriched = bucketOf(row, bucket);
        if (!inLake.isEmpty() && isInLake(enriched, offset)) {
            return;
        }
        write.write(lakeRow.wrap(row), lake.lakeBucket(bucket));
        offsets.put(enriched, offset + 1);
    }

    /** Whether a replayed row is in the lake already; a bucket is checked until it catches up. */
    private boolean isInLake(EnrichedBucket bucket, long offset) {
        Long lakeOffset = inLake.get(bucket);
        if (lakeOffset == null) {
            return false;
        }
        if (offset < lakeOffset) {
            return true;
        }
        inLake.remove(bucket);
        return false;
    }

    /** The row's bucket; rows of one bucket come in runs, so its key is built once per run. */
    private EnrichedBucket bucketOf(RowData row, int bucket) {
        int partitionField = lake.columnCount() + 3;
        StringData partition = row.isNullAt(partitionField) ? null : row.getString(partitionField);
        if (lastBucket == null
                || lastBucket.bucket() != bucket
                || !Objects.equals(partition, lastPartition)) {
            // A copy: the row's bytes may be reused for the next record.
            lastPartition = partition == null ? null : ((BinaryStringData) partition).copy();
            lastBucket = EnrichedBucket.of(partition == null ? null : partition.toString(), bucket);
        }
        return lastBucket;
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        super.prepareSnapshotPreBarrier(checkpointId);
        handOver(checkpointId);
    }

    /**
     * A bounded tiering ends here: the last files go to the committer, which commits them with the
     * final checkpoint (the barriers that follow no longer pass through this operator).
     */
    @Override
    public void finish() throws Exception {
        handOver(TieringCommittable.END_OF_INPUT);
        super.finish();
    }

    private void handOver(long checkpointId) throws Exception {
        TieringCommittable committable =
                new TieringCommittable(
                        checkpointId, write.prepareCommit(false, checkpointId), offsets);
        offsets = new HashMap<>();
        output.collect(new StreamRecord<>(committable.toBytes()));
    }

    @Override
    public void close() throws Exception {
        if (write != null) {
            write.close();
        }
        super.close();
    }
}
