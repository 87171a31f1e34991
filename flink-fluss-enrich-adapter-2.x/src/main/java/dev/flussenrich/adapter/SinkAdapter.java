/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.adapter;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Sink;

/**
 * Sink V2 on Flink 2.x: {@code createWriter(WriterInitContext)} is the only writer factory. The
 * Flink 1.20 adapter of the same name adds the deprecated {@code createWriter(Sink.InitContext)},
 * whose parameter type Flink 2.x no longer has.
 */
@Internal
public abstract class SinkAdapter<InputT> implements Sink<InputT> {

    private static final long serialVersionUID = 1L;
}
