/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.tiering;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.lake.BaseIds;
import dev.flussenrich.lake.BaseIdsLookup;
import dev.flussenrich.lake.LakeOffsets;
import dev.flussenrich.lake.LakeTableSpec;

import org.apache.flink.annotation.Internal;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import org.apache.paimon.Snapshot;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Commits the writers' files to Paimon once their checkpoint is complete, one Paimon snapshot per
 * checkpoint, whose properties record per bucket the base offset the lake holds rows up to ({@link
 * LakeOffsets}). Runs with parallelism 1.
 *
 * <p>Exactly-once: committables not yet committed are kept in operator state; after a restore they
 * are committed again, under the commit user they were handed to, with Paimon's {@code
 * filterAndCommitMultiple}, which skips checkpoint ids that user has committed already. Everything
 * after a restore is committed under a fresh commit user: Flink numbers checkpoints on from the
 * restored one, so after a restore from an older savepoint or retained checkpoint the old user's
 * ids would repeat ids Paimon already holds, and be skipped. (The writer leaves out rows the lake
 * already holds, see {@link TieringWriter}.)
 *
 * <p>Each snapshot records the offsets of the buckets that exist in Fluss at the commit, with the
 * table and partition ids they belong to ({@link LakeOffsets}): a dropped partition's offsets are
 * pruned, and a partition created again under the same name starts at its own offsets.
 */
@Internal
public final class TieringCommitter extends AbstractStreamOperator<Void>
        implements OneInputStreamOperator<byte[], Void> {

    private static final long serialVersionUID = 1L;

    private final LakeTableSpec lake;
    private final String newCommitUser;
    private final TieringLag lag;
    private final BaseIdsLookup baseIds;

    private transient CommitterState<TieringCommittable> state;
    private transient FileStoreTable table;
    private transient TableCommitImpl commit;
    private transient LakeCompaction compaction;
    private transient Map<EnrichedBucket, Long> committedOffsets;
    private transient BaseIds committedIds;
    private transient volatile long lastSnapshotId;

    public TieringCommitter(
            LakeTableSpec lake, String newCommitUser, TieringLag lag, BaseIdsLookup baseIds) {
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
                        TieringCommittable::fromBytes,
                        TieringCommittable::toBytes,
                        TieringCommittable::checkpointId);
    }

    @Override
    public void open() throws Exception {
        super.open();
        table = lake.load();
        commit = table.newCommit(state.commitUser());
        compaction = LakeCompaction.of(table);
        committedIds = baseIds.current();
        committedOffsets = LakeOffsets.latest(table, committedIds);
        Snapshot latest = table.snapshotManager().latestSnapshot();
        lastSnapshotId = latest == null ? 0 : latest.id();
        lag.open();
        getMetricGroup().gauge(TieringMetrics.LAKE_SNAPSHOT_ID, () -> lastSnapshotId);
        getMetricGroup().gauge(TieringMetrics.TIERING_LAG, lag::rows);
        // Committables restored from a checkpoint whose commit may not have happened, under the
        // user they were handed to.
        if (state.restoredCommitUser() != null) {
            try (TableCommitImpl restoredCommit = table.newCommit(state.restoredCommitUser())) {
                commitUpTo(CommitterState.END_OF_INPUT - 1, restoredCommit);
            }
        }
    }

    @Override
    public void processElement(StreamRecord<byte[]> element) {
        state.add(TieringCommittable.fromBytes(element.getValue()));
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        state.snapshot(context.getCheckpointId());
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        super.notifyCheckpointComplete(checkpointId);
        commitUpTo(checkpointId, commit);
    }

    private void commitUpTo(long checkpointId, TableCommitImpl commit) throws Exception {
        BaseIds ids = baseIds.current();
        // Offsets of partitions dropped (or created again) since the last commit go.
        committedOffsets =
                LakeOffsets.current(LakeOffsets.toProperties(committedOffsets, committedIds), ids);
        committedIds = ids;
        List<ManifestCommittable> committables = new ArrayList<>();
        Iterator<Map.Entry<Long, List<TieringCommittable>>> it =
                state.upTo(checkpointId).entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Long, List<TieringCommittable>> entry = it.next();
            ManifestCommittable manifest = new ManifestCommittable(entry.getKey());
            for (TieringCommittable part : entry.getValue()) {
                part.messages().forEach(manifest::addFileCommittable);
                part.offsets()
                        .forEach(
                                (bucket, offset) ->
                                        committedOffsets.merge(bucket, offset, Math::max));
            }
            if (!manifest.fileCommittables().isEmpty()) {
                LakeOffsets.toProperties(committedOffsets, ids).forEach(manifest::addProperty);
                committables.add(manifest);
            }
            it.remove();
        }
        if (!committables.isEmpty()) {
            commit.filterAndCommitMultiple(committables);
            compaction.afterCommit();
            Snapshot latest = table.snapshotManager().latestSnapshot();
            lastSnapshotId = latest == null ? 0 : latest.id();
        }
        lag.update(new HashMap<>(committedOffsets));
    }

    @Override
    public void close() throws Exception {
        if (commit != null) {
            commit.close();
        }
        if (compaction != null) {
            compaction.close();
        }
        lag.close();
        baseIds.close();
        super.close();
    }
}
