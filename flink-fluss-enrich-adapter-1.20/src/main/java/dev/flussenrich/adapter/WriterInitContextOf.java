/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.adapter;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.JobInfo;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;
import org.apache.flink.util.UserCodeClassLoader;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/** Flink 1.20's deprecated {@link Sink.InitContext} seen as a {@link WriterInitContext}. */
@Internal
@SuppressWarnings("deprecation")
final class WriterInitContextOf implements WriterInitContext {

    private final Sink.InitContext context;

    WriterInitContextOf(Sink.InitContext context) {
        this.context = context;
    }

    @Override
    public UserCodeClassLoader getUserCodeClassLoader() {
        return context.getUserCodeClassLoader();
    }

    @Override
    public MailboxExecutor getMailboxExecutor() {
        return context.getMailboxExecutor();
    }

    @Override
    public ProcessingTimeService getProcessingTimeService() {
        return context.getProcessingTimeService();
    }

    @Override
    public SinkWriterMetricGroup metricGroup() {
        return context.metricGroup();
    }

    @Override
    public SerializationSchema.InitializationContext asSerializationSchemaInitializationContext() {
        return context.asSerializationSchemaInitializationContext();
    }

    @Override
    public boolean isObjectReuseEnabled() {
        return context.isObjectReuseEnabled();
    }

    @Override
    public <IN> TypeSerializer<IN> createInputSerializer() {
        return context.createInputSerializer();
    }

    @Override
    public <MetaT> Optional<Consumer<MetaT>> metadataConsumer() {
        return context.metadataConsumer();
    }

    @Override
    public OptionalLong getRestoredCheckpointId() {
        return context.getRestoredCheckpointId();
    }

    @Override
    public JobInfo getJobInfo() {
        return context.getJobInfo();
    }

    @Override
    public TaskInfo getTaskInfo() {
        return context.getTaskInfo();
    }
}
