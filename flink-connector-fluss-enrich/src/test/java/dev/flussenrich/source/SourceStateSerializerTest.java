/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.source.enumerator.BucketEnumeratorState;
import dev.flussenrich.source.enumerator.BucketEnumeratorStateSerializer;
import dev.flussenrich.source.split.BucketSplit;
import dev.flussenrich.source.split.BucketSplitSerializer;
import dev.flussenrich.source.split.BucketSplitState;

import org.apache.flink.core.memory.DataOutputSerializer;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Splits, split state and enumerator state survive serialization unchanged. */
class SourceStateSerializerTest {

    @Test
    void splitsRoundTrip() throws IOException {
        for (BucketSplit split :
                List.of(
                        new BucketSplit(EnrichedBucket.of(3), 0, BucketSplit.UNBOUNDED, 7),
                        new BucketSplit(EnrichedBucket.of("2026-01-01$eu", 1), 42, 99, 8))) {
            byte[] bytes = BucketSplitSerializer.INSTANCE.serialize(split);
            assertThat(
                            BucketSplitSerializer.INSTANCE.deserialize(
                                    BucketSplitSerializer.INSTANCE.getVersion(), bytes))
                    .isEqualTo(split);
        }
    }

    @Test
    void splitIdsNameThePartitionAndBucket() {
        assertThat(new BucketSplit(EnrichedBucket.of(3), 0, 1, 7).splitId()).isEqualTo("3");
        assertThat(new BucketSplit(EnrichedBucket.of("2026-01-01", 1), 0, 1, 7).splitId())
                .isEqualTo("2026-01-01$1");
    }

    @Test
    void splitStateCheckpointsTheNextOffset() {
        BucketSplitState state =
                new BucketSplitState(
                        new BucketSplit(EnrichedBucket.of(0), 5, BucketSplit.UNBOUNDED, 7));
        assertThat(state.toSplit().startingOffset()).isEqualTo(5);
        state.emitted(5);
        state.emitted(6);
        assertThat(state.toSplit())
                .isEqualTo(new BucketSplit(EnrichedBucket.of(0), 7, BucketSplit.UNBOUNDED, 7));
    }

    @Test
    void enumeratorStateRoundTrips() throws IOException {
        BucketEnumeratorState state =
                new BucketEnumeratorState(
                        Set.of(EnrichedBucket.of(0), EnrichedBucket.of("p1", 2)),
                        List.of(new BucketSplit(EnrichedBucket.of("p2", 0), 0, 10, 7)),
                        true);
        BucketEnumeratorStateSerializer serializer = BucketEnumeratorStateSerializer.INSTANCE;
        BucketEnumeratorState restored =
                serializer.deserialize(serializer.getVersion(), serializer.serialize(state));
        assertThat(restored).isEqualTo(state);
    }

    /** State written before splits carried a table id, and before the discovery flag. */
    @Test
    void version1StateIsRead() throws IOException {
        DataOutputSerializer split = new DataOutputSerializer(64);
        BucketSplitSerializer.writeBucket(EnrichedBucket.of("p2", 0), split);
        split.writeLong(3);
        split.writeLong(10);
        assertThat(BucketSplitSerializer.INSTANCE.deserialize(1, split.getCopyOfBuffer()))
                .isEqualTo(
                        new BucketSplit(
                                EnrichedBucket.of("p2", 0), 3, 10, BucketSplit.UNKNOWN_TABLE));

        DataOutputSerializer state = new DataOutputSerializer(64);
        state.writeInt(1);
        BucketSplitSerializer.writeBucket(EnrichedBucket.of(0), state);
        state.writeInt(1);
        state.writeInt(split.length());
        state.write(split.getCopyOfBuffer());
        assertThat(BucketEnumeratorStateSerializer.INSTANCE.deserialize(1, state.getCopyOfBuffer()))
                .isEqualTo(
                        new BucketEnumeratorState(
                                Set.of(EnrichedBucket.of(0)),
                                List.of(
                                        new BucketSplit(
                                                EnrichedBucket.of("p2", 0),
                                                3,
                                                10,
                                                BucketSplit.UNKNOWN_TABLE)),
                                true));
    }

    @Test
    void unknownVersionsAreRejected() {
        assertThatThrownBy(() -> BucketSplitSerializer.INSTANCE.deserialize(99, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessage("Unknown BucketSplit serializer version 99");
    }
}
