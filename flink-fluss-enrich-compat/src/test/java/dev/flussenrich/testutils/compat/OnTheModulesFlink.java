/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils.compat;

import org.apache.flink.runtime.util.EnvironmentInformation;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Prints which Flink a compatibility test class runs on and fails it unless that is the Flink
 * version its module was built for: the test class path holds that version's jars, not the ones
 * the common modules were compiled against.
 */
public final class OnTheModulesFlink implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        String running = EnvironmentInformation.getVersion();
        System.out.printf(
                "%s runs on Flink %s%n", context.getRequiredTestClass().getSimpleName(), running);
        assertThat(running)
                .as("Flink version on the test class path")
                .isEqualTo(System.getProperty("flink.version"));
    }
}
