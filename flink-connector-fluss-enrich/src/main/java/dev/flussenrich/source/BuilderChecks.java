/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source;

import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;

import java.util.Map;

/** Checks shared by the builders: the source's, the enrichment sink's and the lake jobs'. */
@Internal
public final class BuilderChecks {

    private BuilderChecks() {}

    public static void required(Object value, String what, String setter) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            throw new IllegalArgumentException(
                    what + " is required but not provided: call " + setter + "(...).");
        }
    }

    /** The connection, with every client option checked against Fluss's client options. */
    public static FlussConnectionConfig connection(
            String bootstrapServers, Map<String, String> clientOptions) {
        try {
            return FlussConnectionConfig.of(
                    bootstrapServers, FlussEnrichConnectorOptionsUtil.clientOptions(clientOptions));
        } catch (ValidationException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
