/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.tiering;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.runtime.state.StateInitializationContext;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A tiering committer's operator state, in either lake format: its commit user and the committables
 * not committed yet, by checkpoint id. After a restore the committer commits under a fresh user
 * (Flink numbers checkpoints on from the restored one, so the old user's ids could repeat ids the
 * lake holds); the restored user is kept to commit what was restored.
 *
 * @param <C> a committable (a writer's files of one checkpoint)
 */
@Internal
public final class CommitterState<C> {

    /** The checkpoint id of files handed over at the end of input, before the final checkpoint. */
    public static final long END_OF_INPUT = Long.MAX_VALUE;

    private final ListState<byte[]> pendingState;
    private final Function<C, byte[]> toBytes;
    private final ToLongFunction<C> checkpointId;
    private final String commitUser;
    @Nullable private final String restoredCommitUser;
    private final TreeMap<Long, List<C>> pending = new TreeMap<>();

    private CommitterState(
            ListState<byte[]> pendingState,
            Function<C, byte[]> toBytes,
            ToLongFunction<C> checkpointId,
            String commitUser,
            @Nullable String restoredCommitUser) {
        this.pendingState = pendingState;
        this.toBytes = toBytes;
        this.checkpointId = checkpointId;
        this.commitUser = commitUser;
        this.restoredCommitUser = restoredCommitUser;
    }

    /** The state of a committer starting (or restoring) under {@code newCommitUser}. */
    public static <C> CommitterState<C> initialize(
            StateInitializationContext context,
            String newCommitUser,
            Function<byte[], C> fromBytes,
            Function<C, byte[]> toBytes,
            ToLongFunction<C> checkpointId)
            throws Exception {
        ListState<String> users =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "commit-user", StringSerializer.INSTANCE));
        ListState<byte[]> pendingState =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "pending-committables",
                                        BytePrimitiveArraySerializer.INSTANCE));
        String commitUser = newCommitUser;
        String restored = null;
        for (String user : users.get()) {
            restored = user;
            commitUser = newCommitUser + "-" + UUID.randomUUID();
        }
        users.update(List.of(commitUser));
        CommitterState<C> state =
                new CommitterState<>(pendingState, toBytes, checkpointId, commitUser, restored);
        for (byte[] bytes : pendingState.get()) {
            state.add(fromBytes.apply(bytes));
        }
        return state;
    }

    /** The user this committer commits new checkpoints under. */
    public String commitUser() {
        return commitUser;
    }

    /** The user of the restored committer, whose committables may not be committed yet. */
    @Nullable
    public String restoredCommitUser() {
        return restoredCommitUser;
    }

    public void add(C committable) {
        pending.computeIfAbsent(checkpointId.applyAsLong(committable), id -> new ArrayList<>())
                .add(committable);
    }

    /**
     * Keeps what is not committed in state; files handed over at the end of input go with this
     * checkpoint.
     */
    public void snapshot(long checkpoint) throws Exception {
        List<C> ended = pending.remove(END_OF_INPUT);
        if (ended != null) {
            pending.computeIfAbsent(checkpoint, id -> new ArrayList<>()).addAll(ended);
        }
        List<byte[]> bytes = new ArrayList<>();
        pending.values().forEach(list -> list.forEach(c -> bytes.add(toBytes.apply(c))));
        pendingState.update(bytes);
    }

    /** The committables of checkpoints up to {@code checkpoint}, oldest first; remove as done. */
    public NavigableMap<Long, List<C>> upTo(long checkpoint) {
        return pending.headMap(checkpoint, true);
    }
}
