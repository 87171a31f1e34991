/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.ColumnGroup;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.source.BuilderChecks;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.PublicEvolving;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds an {@link EnrichmentSink} that writes one column group from a DataStream; get one from
 * {@link EnrichmentSink#builder()}. Routing by (partition, bucket) is built in, so each bucket has
 * one writer; records of a bucket must arrive in offset order (use an ordered async stage). {@link
 * #build()} checks the settings and does no network I/O; the group and table are checked when the
 * job starts.
 */
@PublicEvolving
public final class EnrichmentSinkBuilder<T> {

    private String bootstrapServers;
    private TablePath table;
    private String group;
    private EnrichmentSerializer<T> serializer;
    private GapPolicy gapPolicy = GapPolicy.FAIL;
    private final Map<String, String> clientOptions = new HashMap<>();

    /** Use {@link EnrichmentSink#builder()}. */
    EnrichmentSinkBuilder() {}

    /** Fluss coordinator address(es), {@code host:port[,host:port]}. Required. */
    public EnrichmentSinkBuilder<T> setBootstrapServers(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        return this;
    }

    /** The logical table. Required. */
    public EnrichmentSinkBuilder<T> setTable(String database, String table) {
        this.table = TablePath.of(database, table);
        return this;
    }

    /** The column group to write. Required. */
    public EnrichmentSinkBuilder<T> setGroup(String group) {
        this.group = group;
        return this;
    }

    /** Gives each record's identity and group values. Required. */
    public EnrichmentSinkBuilder<T> setSerializer(EnrichmentSerializer<T> serializer) {
        this.serializer = serializer;
        return this;
    }

    /** What a record past the group's watermark does; default {@link GapPolicy#FAIL}. */
    public EnrichmentSinkBuilder<T> setGapPolicy(GapPolicy gapPolicy) {
        this.gapPolicy = gapPolicy;
        return this;
    }

    /** A Fluss client option, e.g. {@code client.writer.batch-size}. */
    public EnrichmentSinkBuilder<T> setClientOption(String key, String value) {
        this.clientOptions.put(key, value);
        return this;
    }

    public EnrichmentSink<T> build() {
        BuilderChecks.required(bootstrapServers, "bootstrap servers", "setBootstrapServers");
        BuilderChecks.required(table, "table", "setTable");
        BuilderChecks.required(group, "group", "setGroup");
        BuilderChecks.required(serializer, "serializer", "setSerializer");
        BuilderChecks.required(gapPolicy, "gap policy", "setGapPolicy");
        if (!ColumnGroup.isValidName(group)) {
            throw new IllegalArgumentException(
                    "'"
                            + group
                            + "' is not a valid column group name: group names match"
                            + " [A-Za-z_][A-Za-z0-9_]* and have at most 64 characters.");
        }
        return new EnrichmentSink<>(
                BuilderChecks.connection(bootstrapServers, clientOptions),
                table,
                List.of(new GroupWrite<>(group, serializer)),
                gapPolicy,
                null);
    }
}
