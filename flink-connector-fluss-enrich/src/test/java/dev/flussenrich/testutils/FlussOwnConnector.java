/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.flink.runtime.util.EnvironmentInformation;

import org.junit.jupiter.api.Assumptions;

/**
 * Fluss's own Flink connector (the {@code 'fluss'} catalog), which a few tests use beside ours, for
 * a primary-key dimension table. Fluss publishes no connector for Flink 2.3 and fluss-flink-2.2's
 * options class does not load there: those tests are skipped on such a Flink, saying why.
 */
public final class FlussOwnConnector {

    private FlussOwnConnector() {}

    public static void assumeItLoads() {
        try {
            Class.forName(
                    "org.apache.fluss.flink.FlinkConnectorOptions",
                    true,
                    FlussOwnConnector.class.getClassLoader());
        } catch (LinkageError | ClassNotFoundException e) {
            Assumptions.abort(
                    "Fluss's own Flink connector does not load on Flink "
                            + EnvironmentInformation.getVersion()
                            + ": "
                            + e);
        }
    }
}
