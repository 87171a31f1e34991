/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.EnrichmentWriter;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.GapPolicy;

import org.apache.fluss.client.Connection;
import org.apache.fluss.flink.utils.FlinkRowToFlussRowConverter;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;
import org.apache.flink.types.RowKind;

import java.io.IOException;

/** Feeds the rows of the buckets keyed to this subtask into an {@link EnrichmentWriter}. */
final class EnrichmentSinkWriter implements SinkWriter<RowData> {

    private final TablePath table;
    private final String group;
    private final EnrichmentRowLayout layout;
    private final Connection connection;
    private final EnrichmentWriter writer;
    private final ProjectedRowData values;
    private final FlinkRowToFlussRowConverter converter;

    EnrichmentSinkWriter(
            FlussConnectionConfig connectionConfig,
            TablePath table,
            String group,
            GapPolicy gapPolicy,
            EnrichmentRowLayout layout) {
        this.table = table;
        this.group = group;
        this.layout = layout;
        this.connection = connectionConfig.connect();
        this.writer =
                new EnrichmentWriter(
                        connection,
                        new EnrichedTables(connection.getAdmin()).load(table),
                        group,
                        gapPolicy);
        this.values = ProjectedRowData.from(layout.valuePositions());
        this.converter = FlinkRowToFlussRowConverter.create(layout.valueType());
    }

    @Override
    public void write(RowData row, Context context) {
        if (row.getRowKind() != RowKind.INSERT) {
            throw new IllegalStateException(
                    String.format(
                            "Enrichment write of group '%s' into table '%s' received a %s row: only"
                                    + " insert-only input can be enriched.",
                            group, table, row.getRowKind()));
        }
        if (row.isNullAt(layout.bucketPosition()) || row.isNullAt(layout.offsetPosition())) {
            throw new IllegalStateException(
                    String.format(
                            "Enrichment write of group '%s' into table '%s' received a row with a"
                                    + " NULL _bucket or _offset: select both from the table being"
                                    + " enriched.",
                            group, table));
        }
        String partition =
                layout.partitionPosition() < 0 || row.isNullAt(layout.partitionPosition())
                        ? null
                        : row.getString(layout.partitionPosition()).toString();
        EnrichedBucket bucket = EnrichedBucket.of(partition, row.getInt(layout.bucketPosition()));
        writer.write(
                bucket,
                row.getLong(layout.offsetPosition()),
                converter.toInternalRow(values.replaceRow(row)));
    }

    @Override
    public void flush(boolean endOfInput) {
        writer.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            writer.close();
            connection.close();
        } catch (Exception e) {
            throw new IOException("Could not close the enrichment writer of " + table, e);
        }
    }
}
