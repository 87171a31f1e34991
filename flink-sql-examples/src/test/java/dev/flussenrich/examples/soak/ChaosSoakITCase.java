/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chaos soak of operations.md for 3 minutes with a fixed seed: every row once and whole in the
 * stitched read and in the lake, the watermarks at the rows, no job failed, every fault carried
 * out. The log and the report go to this test's output file.
 */
class ChaosSoakITCase {

    private static final long SEED = 42;

    @Test
    @Timeout(value = 12, unit = TimeUnit.MINUTES) // 3 min of faults, at most 3 min of catch-up
    void threeMinutesOfFaultsLoseDuplicateAndSplitNoRow() throws Exception {
        SoakSettings settings =
                new SoakSettings(
                        Duration.ofMinutes(3),
                        SEED,
                        200,
                        Duration.ofSeconds(12),
                        Duration.ofSeconds(40),
                        Duration.ofMinutes(3));

        SoakReport report = ChaosSoak.run(settings, System.out);

        assertThat(report.failures()).isEmpty();
        assertThat(report.reads())
                .extracting(
                        SoakChecker.ReadCounts::name,
                        SoakChecker.ReadCounts::lost,
                        SoakChecker.ReadCounts::duplicated,
                        SoakChecker.ReadCounts::partial)
                .containsExactly(
                        Tuple.tuple("stitched read", 0L, 0L, 0L), Tuple.tuple("lake", 0L, 0L, 0L));
        assertThat(report.reads()).allSatisfy(read -> assertThat(read.expected()).isPositive());
        assertThat(report.failedJobs()).isEmpty();
        assertThat(report.faults().values().stream().mapToInt(Integer::intValue).sum())
                .as("faults injected")
                .isGreaterThanOrEqualTo(5);
        assertThat(report.partitionsExpired()).as("partitions expired").isPositive();
    }
}
