/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;

/**
 * A column group an enrichment sink writes, and the serializer that reads the group's values (and
 * the row's identity) from a record.
 */
@Internal
public record GroupWrite<T>(String group, EnrichmentSerializer<T> serializer)
        implements Serializable {}
