/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.iceberg;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.lake.BaseIds;
import dev.flussenrich.lake.BaseIdsLookup;
import dev.flussenrich.lake.LakeOffsets;
import dev.flussenrich.lake.tiering.CommitterState;
import dev.flussenrich.lake.tiering.TieringLag;
import dev.flussenrich.lake.tiering.TieringMetrics;

import org.apache.flink.annotation.Internal;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Commits the Iceberg writers' files once their checkpoint is complete: one Iceberg append snapshot
 * per checkpoint, whose summary records the lake offsets ({@link LakeOffsets}), the commit user and
 * the checkpoint id. Runs with parallelism 1.
 *
 * <p>Exactly-once as the Paimon committer: committables not yet committed are kept in operator
 * state; after a restore they are committed under the user they were handed to, skipping
 * checkpoints a snapshot of that user already holds; everything after a restore is committed under
 * a fresh user (Flink numbers checkpoints on from the restored one).
 */
@Internal
public final class IcebergTieringCommitter extends AbstractStreamOperator<Void>
        implements OneInputStreamOperator<byte[], Void> {

    private static final long serialVersionUID = 1L;

    private final IcebergLakeTable lake;
    private final String newCommitUser;
    private final TieringLag lag;
    private final BaseIdsLookup baseIds;

    private transient CommitterState<IcebergCommittable> state;
    private transient Table table;
    private transient Map<EnrichedBucket, Long> committedOffsets;
    private transient BaseIds committedIds;
    private transient volatile long lastSnapshotId;

    public IcebergTieringCommitter(
            IcebergLakeTable lake, String newCommitUser, TieringLag lag, BaseIdsLookup baseIds) {
        this.lake = lake;
        this.newCommitUser = newCommitUser;
        this.lag = lag;
        this.baseIds = baseIds;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        state =
                CommitterState.initialize(
                        context,
                        newCommitUser,
                        IcebergCommittable::fromBytes,
                        IcebergCommittable::toBytes,
                        IcebergCommittable::checkpointId);
    }

    @Override
    public void open() throws Exception {
        super.open();
        table = lake.load();
        committedIds = baseIds.current();
        Map<String, String> summary = IcebergLakeTable.latestTieredSummary(table);
        committedOffsets =
                summary == null ? new HashMap<>() : LakeOffsets.current(summary, committedIds);
        Snapshot current = table.currentSnapshot();
        lastSnapshotId = current == null ? 0 : current.snapshotId();
        lag.open();
        getMetricGroup().gauge(TieringMetrics.LAKE_SNAPSHOT_ID, () -> lastSnapshotId);
        getMetricGroup().gauge(TieringMetrics.TIERING_LAG, lag::rows);
        if (state.restoredCommitUser() != null) {
            commitUpTo(CommitterState.END_OF_INPUT - 1, state.restoredCommitUser());
        }
    }

    @Override
    public void processElement(StreamRecord<byte[]> element) {
        state.add(IcebergCommittable.fromBytes(element.getValue()));
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        state.snapshot(context.getCheckpointId());
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        super.notifyCheckpointComplete(checkpointId);
        commitUpTo(checkpointId, state.commitUser());
    }

    private void commitUpTo(long checkpointId, String user) {
        BaseIds ids = baseIds.current();
        committedOffsets =
                LakeOffsets.current(LakeOffsets.toProperties(committedOffsets, committedIds), ids);
        committedIds = ids;
        Iterator<Map.Entry<Long, List<IcebergCommittable>>> it =
                state.upTo(checkpointId).entrySet().iterator();
        boolean restored = !user.equals(state.commitUser());
        while (it.hasNext()) {
            Map.Entry<Long, List<IcebergCommittable>> entry = it.next();
            List<DataFile> files = new ArrayList<>();
            for (IcebergCommittable part : entry.getValue()) {
                files.addAll(part.files());
                part.offsets()
                        .forEach(
                                (bucket, offset) ->
                                        committedOffsets.merge(bucket, offset, Math::max));
            }
            it.remove();
            if (files.isEmpty()
                    || (restored && IcebergLakeTable.committed(table, user, entry.getKey()))) {
                continue;
            }
            AppendFiles append = table.newAppend();
            files.forEach(append::appendFile);
            LakeOffsets.toProperties(committedOffsets, ids).forEach(append::set);
            append.set(IcebergLakeTable.COMMIT_USER, user);
            append.set(IcebergLakeTable.CHECKPOINT_ID, Long.toString(entry.getKey()));
            append.commit();
            lastSnapshotId = table.currentSnapshot().snapshotId();
        }
        lag.update(new HashMap<>(committedOffsets));
    }

    @Override
    public void close() throws Exception {
        lag.close();
        baseIds.close();
        super.close();
    }
}
