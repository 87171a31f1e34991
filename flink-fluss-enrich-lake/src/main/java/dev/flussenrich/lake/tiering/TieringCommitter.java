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
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
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
import java.util.TreeMap;
import java.util.UUID;

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

    private transient ListState<String> commitUserState;
    private transient ListState<byte[]> pendingState;
    private transient String commitUser;
    private transient String restoredCommitUser;
    private transient TreeMap<Long, List<TieringCommittable>> pending;
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
        commitUserState =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "commit-user", StringSerializer.INSTANCE));
        pendingState =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "pending-committables",
                                        BytePrimitiveArraySerializer.INSTANCE));
        commitUser = newCommitUser;
        for (String restored : commitUserState.get()) {
            restoredCommitUser = restored;
            // Not the restored user: its ids may repeat (see the class comment).
            commitUser = newCommitUser + "-" + UUID.randomUUID();
        }
        commitUserState.update(List.of(commitUser));
        pending = new TreeMap<>();
        for (byte[] bytes : pendingState.get()) {
            add(TieringCommittable.fromBytes(bytes));
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        table = lake.load();
        commit = table.newCommit(commitUser);
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
        if (restoredCommitUser != null) {
            try (TableCommitImpl restoredCommit = table.newCommit(restoredCommitUser)) {
                commitUpTo(TieringCommittable.END_OF_INPUT - 1, restoredCommit);
            }
        }
    }

    @Override
    public void processElement(StreamRecord<byte[]> element) {
        add(TieringCommittable.fromBytes(element.getValue()));
    }

    private void add(TieringCommittable committable) {
        pending.computeIfAbsent(committable.checkpointId(), id -> new ArrayList<>())
                .add(committable);
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        // Files handed over at the end of input are covered by the first checkpoint after them.
        List<TieringCommittable> ended = pending.remove(TieringCommittable.END_OF_INPUT);
        if (ended != null) {
            pending.computeIfAbsent(context.getCheckpointId(), id -> new ArrayList<>())
                    .addAll(ended);
        }
        List<byte[]> bytes = new ArrayList<>();
        pending.values().forEach(list -> list.forEach(c -> bytes.add(c.toBytes())));
        pendingState.update(bytes);
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
                pending.headMap(checkpointId, true).entrySet().iterator();
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
