/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.tiering;

import org.apache.flink.annotation.Internal;

import org.apache.paimon.Snapshot;
import org.apache.paimon.append.AppendCompactCoordinator;
import org.apache.paimon.append.AppendCompactTask;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.operation.BaseAppendFileStoreWrite;
import org.apache.paimon.table.BucketMode;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Compacts the small files of a bucket-unaware lake table with Paimon's own compaction for append
 * tables, after each tiering commit: {@link AppendCompactCoordinator} picks the files (per
 * partition, once {@code compaction.min.file-num} small files are there), {@link AppendCompactTask}
 * rewrites them, and the result is committed as a Paimon COMPACT snapshot.
 *
 * <p>The compaction snapshot carries the properties of the tiering snapshot it follows (the lake
 * offsets): it holds the same rows, so a union read or a tiering restart that starts from it starts
 * from the same offsets. That is exact only if no tiering commit lands between the two, which is
 * why compaction runs on the committer's thread, right after its commit.
 *
 * <p>Bucket-aligned tables are compacted by Paimon's writer itself. Tables with Paimon's {@code
 * write-only} set are left to a dedicated Paimon compaction job.
 */
@Internal
final class LakeCompaction implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LakeCompaction.class);

    private final FileStoreTable table;
    private final String commitUser;
    private AppendCompactCoordinator coordinator;
    private BaseAppendFileStoreWrite write;
    private TableCommitImpl commit;

    private LakeCompaction(FileStoreTable table) {
        this.table = table;
        this.commitUser = "fluss-enrich-compaction-" + UUID.randomUUID();
    }

    /** The compaction of {@code table}, or one that does nothing if Paimon's writer compacts. */
    static LakeCompaction of(FileStoreTable table) {
        return new LakeCompaction(table);
    }

    private boolean compacts() {
        return table.bucketMode() == BucketMode.BUCKET_UNAWARE && !table.coreOptions().writeOnly();
    }

    /**
     * Called on the committer's thread after each tiering commit: plans on the files committed
     * since the last call, rewrites what is due, and commits it on top of that tiering snapshot.
     */
    void afterCommit() throws Exception {
        if (!compacts()) {
            return;
        }
        if (coordinator == null) {
            // Streaming: the first run reads the newest snapshot whole, later runs what is new.
            coordinator = new AppendCompactCoordinator(table, true);
            write = (BaseAppendFileStoreWrite) table.store().newWrite(commitUser);
            commit = table.newCommit(commitUser);
        }
        List<AppendCompactTask> tasks = coordinator.run();
        if (tasks.isEmpty()) {
            return;
        }
        List<CommitMessage> messages = new ArrayList<>();
        for (AppendCompactTask task : tasks) {
            messages.add(task.doCompact(table, write));
        }
        // The snapshot it follows: its rows, its offsets, and (as in Paimon's own sink, which
        // commits compaction with the checkpoint's files) its checkpoint id as identifier.
        Snapshot tiered = table.snapshotManager().latestSnapshot();
        ManifestCommittable compacted =
                new ManifestCommittable(tiered == null ? 0 : tiered.commitIdentifier());
        messages.forEach(compacted::addFileCommittable);
        if (tiered != null && tiered.properties() != null) {
            tiered.properties().forEach(compacted::addProperty);
        }
        commit.commit(compacted);
        LOG.debug(
                "Compacted {} files of {} into {} with {} task(s)",
                tasks.stream().mapToInt(t -> t.compactBefore().size()).sum(),
                table.name(),
                tasks.stream().mapToInt(t -> t.compactAfter().size()).sum(),
                tasks.size());
    }

    @Override
    public void close() throws Exception {
        if (write != null) {
            write.close();
        }
        if (commit != null) {
            commit.close();
        }
    }
}
