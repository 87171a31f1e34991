/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.adapter;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

import java.io.IOException;

/**
 * Sink V2 on Flink 1.20, where {@code createWriter(Sink.InitContext)} is still abstract. Our sinks
 * implement {@code createWriter(WriterInitContext)}, which Flink 1.20's own writer operator calls;
 * a caller of the deprecated variant gets the same writer. Flink 2.x removed the deprecated variant
 * (and its parameter type), so the 2.x adapter declares nothing.
 */
@Internal
public abstract class SinkAdapter<InputT> implements Sink<InputT> {

    private static final long serialVersionUID = 1L;

    @Override
    public abstract SinkWriter<InputT> createWriter(WriterInitContext context) throws IOException;

    @Override
    @Deprecated
    public final SinkWriter<InputT> createWriter(Sink.InitContext context) throws IOException {
        return createWriter(new WriterInitContextOf(context));
    }
}
