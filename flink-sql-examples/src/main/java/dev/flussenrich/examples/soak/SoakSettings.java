/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import java.time.Duration;

/**
 * The soak's settings, from {@code -Dsoak.*} system properties (see operations.md).
 *
 * @param duration how long faults are injected while rows are appended ({@code soak.duration})
 * @param seed the seed of every random choice, so a run can be repeated ({@code soak.seed})
 * @param rowsPerSecond base rows appended per second ({@code soak.rows-per-second})
 * @param faultEvery the mean pause between two faults ({@code soak.fault-every})
 * @param expiryEvery how often the appender starts an old partition that expires soon after ({@code
 *     soak.expiry-every})
 * @param catchUp how long jobs may take to catch up after the appender stops ({@code
 *     soak.catch-up})
 */
public record SoakSettings(
        Duration duration,
        long seed,
        int rowsPerSecond,
        Duration faultEvery,
        Duration expiryEvery,
        Duration catchUp) {

    /** The settings of {@code -Dsoak.*} properties, with defaults for a 3-minute run. */
    public static SoakSettings fromSystemProperties() {
        return new SoakSettings(
                Duration.parse(System.getProperty("soak.duration", "PT3M")),
                Long.getLong("soak.seed", 42L),
                Integer.getInteger("soak.rows-per-second", 200),
                Duration.parse(System.getProperty("soak.fault-every", "PT12S")),
                Duration.parse(System.getProperty("soak.expiry-every", "PT40S")),
                Duration.parse(System.getProperty("soak.catch-up", "PT3M")));
    }

    /** The same settings with another duration and seed. */
    public SoakSettings with(Duration duration, long seed) {
        return new SoakSettings(duration, seed, rowsPerSecond, faultEvery, expiryEvery, catchUp);
    }
}
