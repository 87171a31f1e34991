/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.exception.PartitionNotExistException;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FlussCallsTest {

    private static final PartitionNotExistException GONE =
            new PartitionNotExistException("Table partition 'db.t(p=2024)' does not exist.");

    @Test
    void aCallThatAnswersGivesItsAnswer() {
        assertThat(FlussCalls.unlessPartitionGone("2024", () -> 42L)).isEqualTo(Optional.of(42L));
        assertThat(FlussCalls.unlessPartitionGone(null, () -> 42L)).isEqualTo(Optional.of(42L));
    }

    @Test
    void aPartitionThatIsGoneGivesNothing() {
        assertThat(FlussCalls.unlessPartitionGone("2024", () -> fail(GONE))).isEmpty();
        assertThat(
                        FlussCalls.unlessPartitionGone(
                                "2024", () -> fail(new CompletionException(GONE))))
                .isEmpty();
    }

    @Test
    void otherFailuresAndThoseOfUnpartitionedTablesAreRethrown() {
        IllegalStateException other = new IllegalStateException("no leader");
        assertThatThrownBy(() -> FlussCalls.unlessPartitionGone("2024", () -> fail(other)))
                .isSameAs(other);
        assertThatThrownBy(() -> FlussCalls.unlessPartitionGone(null, () -> fail(GONE)))
                .isSameAs(GONE);
    }

    @Test
    void aPartitionIsGoneWhereverTheFailureSaysSo() {
        assertThat(FlussCalls.isPartitionGone(GONE)).isTrue();
        assertThat(FlussCalls.isPartitionGone(new RuntimeException(new CompletionException(GONE))))
                .isTrue();
        assertThat(FlussCalls.isPartitionGone(new RuntimeException("gone"))).isFalse();
    }

    /**
     * A read-only request whose answer never comes (Fluss 0.9.1 drops the future of a request to a
     * server that died under it) is sent again. Before, a reader's partition listing waited for
     * ever and its source never read the splits it had been given (the chaos soak's lake).
     */
    @Test
    void aReadOnlyRequestWithoutAnAnswerIsSentAgain() {
        List<CompletableFuture<String>> sent = new ArrayList<>();
        String answer =
                FlussCalls.awaitRetrying(
                        () -> {
                            CompletableFuture<String> future = new CompletableFuture<>();
                            if (!sent.isEmpty()) {
                                future.complete("partitions");
                            }
                            sent.add(future);
                            return future;
                        },
                        Duration.ofMillis(50));

        assertThat(answer).isEqualTo("partitions");
        assertThat(sent).hasSize(2);
    }

    private static Long fail(RuntimeException failure) {
        throw failure;
    }
}
