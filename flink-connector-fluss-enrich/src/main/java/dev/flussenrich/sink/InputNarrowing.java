/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;

import java.io.Serializable;

/**
 * Narrows the records an enrichment sink consumes to what its writers read, before the records
 * cross the network to them. An SQL INSERT with a column list hands the sink the table's whole row,
 * its other columns NULL; serialized as they are, each row carries every column of the table to the
 * writer, once per group of a statement set.
 *
 * @param function makes the narrow record of a consumed one
 * @param type the narrow records' type, which their serializer comes from
 */
@Internal
public record InputNarrowing<T>(MapFunction<T, T> function, TypeInformation<T> type)
        implements Serializable {}
