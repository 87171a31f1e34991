/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.flink.runtime.util.EnvironmentInformation;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Prints which Flink each test class runs on and fails it unless that is the Flink version its
 * module was built for ({@code flink.version}, set by surefire): a compatibility suite's class path
 * holds its version's jars, not the ones the common modules were compiled against. Registered for
 * every test class that has this test-jar on its class path (META-INF/services, with JUnit's
 * extension autodetection, which the build turns on).
 */
public final class OnTheBuildsFlink implements BeforeAllCallback {

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
