/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.datastream;

import org.apache.flink.annotation.Internal;

/** The "required but not provided" check shared by the builders. */
@Internal
final class BuilderChecks {

    private BuilderChecks() {}

    static void required(Object value, String what, String setter) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            throw new IllegalArgumentException(
                    what + " is required but not provided: call " + setter + "(...).");
        }
    }
}
