/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.reader;

import dev.flussenrich.core.read.StitchedRecord;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;

import java.io.Serializable;

/** Turns a stitched row (projected columns plus identity) into the type a source emits. */
@PublicEvolving
public interface StitchedRecordDeserializer<T> extends Serializable, ResultTypeQueryable<T> {

    /** Called once per reader before the first record. */
    default void open() throws Exception {}

    T deserialize(StitchedRecord record) throws Exception;
}
