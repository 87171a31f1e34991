/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SideBySideTest {

    @Test
    void callsRunAtTheSameTimeAndTheirResultsComeInCallOrder() {
        // Each call waits for the other two to have started: run one after another, none would end.
        CountDownLatch allStarted = new CountDownLatch(3);
        Supplier<String> first = () -> startedWithTheOthers(allStarted, "geo");
        Supplier<String> second = () -> startedWithTheOthers(allStarted, "risk");
        Supplier<String> third = () -> startedWithTheOthers(allStarted, "labels");

        assertThat(SideBySide.run("test", List.of(first, second, third)))
                .containsExactly("geo", "risk", "labels");
    }

    @Test
    void oneCallRunsOnTheCallersThread() {
        Thread caller = Thread.currentThread();
        assertThat(SideBySide.run("test", List.of(() -> Thread.currentThread() == caller)))
                .containsExactly(true);
    }

    @Test
    void aFailureIsThrownAsItIsOnceEveryCallHasEnded() {
        CountDownLatch failed = new CountDownLatch(1);
        AtomicBoolean otherEnded = new AtomicBoolean();
        Supplier<String> failing =
                () -> {
                    try {
                        throw new IllegalArgumentException("Group 'geo' has no column 'city'.");
                    } finally {
                        failed.countDown();
                    }
                };
        Supplier<String> slower =
                () -> {
                    await(failed);
                    otherEnded.set(true);
                    return "risk";
                };

        assertThatThrownBy(() -> SideBySide.run("test", List.of(failing, slower)))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("Group 'geo' has no column 'city'.");
        assertThat(otherEnded).isTrue();
    }

    private static String startedWithTheOthers(CountDownLatch allStarted, String result) {
        allStarted.countDown();
        await(allStarted);
        return result;
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(1, TimeUnit.MINUTES)) {
                throw new IllegalStateException("The other calls did not run meanwhile");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
