/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import dev.flussenrich.core.EnrichedBucket;

import org.apache.fluss.flink.row.FlinkAsFlussRow;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.InternalRow;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;
import org.apache.flink.types.RowKind;

/** Reads identity and group values out of the rows of an enrichment INSERT. */
@Internal
public final class RowDataEnrichmentSerializer implements EnrichmentSerializer<RowData> {

    private static final long serialVersionUID = 1L;

    private final TablePath table;
    private final String group;
    private final EnrichmentRowLayout layout;
    private transient ProjectedRowData values;

    /**
     * A view, not a copy: the companion row takes its values, and Fluss's writer serializes that
     * row inside the append call (as Fluss's own sink relies on).
     */
    private transient FlinkAsFlussRow converter;

    public RowDataEnrichmentSerializer(TablePath table, String group, EnrichmentRowLayout layout) {
        this.table = table;
        this.group = group;
        this.layout = layout;
    }

    @Override
    public void open() {
        values = ProjectedRowData.from(layout.valuePositions());
        converter = new FlinkAsFlussRow();
    }

    @Override
    public EnrichedBucket bucketOf(RowData row) {
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
        return EnrichedBucket.of(partition, row.getInt(layout.bucketPosition()));
    }

    @Override
    public long offsetOf(RowData row) {
        return row.getLong(layout.offsetPosition());
    }

    @Override
    public InternalRow valuesOf(RowData row) {
        if (converter == null) {
            open();
        }
        return converter.replace(values.replaceRow(row));
    }
}
