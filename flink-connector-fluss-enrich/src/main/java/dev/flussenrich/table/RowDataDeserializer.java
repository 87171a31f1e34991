/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.source.reader.StitchedRecordDeserializer;

import org.apache.fluss.flink.utils.FlinkConversions;
import org.apache.fluss.types.RowType;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryRowData;
import org.apache.flink.table.data.writer.BinaryRowWriter;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns stitched rows into Flink {@link BinaryRowData}s: the projected columns, followed by the
 * requested identity metadata, written once (see {@link BinaryRowWriting}).
 */
@Internal
public final class RowDataDeserializer implements StitchedRecordDeserializer<RowData> {

    private static final long serialVersionUID = 1L;

    private final RowType projectedType;
    private final org.apache.flink.table.types.logical.RowType flinkProjectedType;
    private final List<IdentityMetadata> metadata;
    private final TypeInformation<RowData> producedType;
    private transient BinaryRowWriting physical;
    private transient int variablePartHint;

    /**
     * Rows of the {@code projected} columns (Fluss types, as the logical table has them) followed
     * by {@code metadata} columns named as the catalog names them ({@code _bucket}, ...).
     */
    public static RowDataDeserializer of(RowType projected, List<IdentityMetadata> metadata) {
        org.apache.flink.table.types.logical.RowType flinkProjected =
                (org.apache.flink.table.types.logical.RowType)
                        FlinkConversions.toFlinkType(projected).getLogicalType();
        List<org.apache.flink.table.types.logical.RowType.RowField> fields =
                new ArrayList<>(flinkProjected.getFields());
        for (IdentityMetadata column : metadata) {
            fields.add(
                    new org.apache.flink.table.types.logical.RowType.RowField(
                            column.columnName(), column.type().getLogicalType()));
        }
        return new RowDataDeserializer(
                projected,
                flinkProjected,
                metadata,
                InternalTypeInfo.of(new org.apache.flink.table.types.logical.RowType(fields)));
    }

    RowDataDeserializer(
            RowType projectedType,
            org.apache.flink.table.types.logical.RowType flinkProjectedType,
            List<IdentityMetadata> metadata,
            TypeInformation<RowData> producedType) {
        this.projectedType = projectedType;
        this.flinkProjectedType = flinkProjectedType;
        this.metadata = List.copyOf(metadata);
        this.producedType = producedType;
    }

    @Override
    public void open() {
        physical = new BinaryRowWriting(projectedType, flinkProjectedType.getChildren());
    }

    @Override
    public RowData deserialize(StitchedRecord record) {
        if (physical == null) {
            open();
        }
        int fields = projectedType.getFieldCount();
        BinaryRowData row = new BinaryRowData(fields + metadata.size());
        BinaryRowWriter writer = new BinaryRowWriter(row, variablePartHint);
        physical.write(record.row(), writer);
        for (int i = 0; i < metadata.size(); i++) {
            int pos = fields + i;
            switch (metadata.get(i)) {
                case PARTITION -> {
                    String partition = record.bucket().partitionName();
                    if (partition == null) {
                        writer.setNullAt(pos);
                    } else {
                        writer.writeString(pos, StringData.fromString(partition));
                    }
                }
                case BUCKET -> writer.writeInt(pos, record.bucket().bucket());
                case OFFSET -> writer.writeLong(pos, record.offset());
                case TIMESTAMP ->
                        writer.writeTimestamp(
                                pos, TimestampData.fromEpochMillis(record.timestamp()), 3);
            }
        }
        writer.complete();
        // Sized like the last row, the next one rarely has to grow its buffer.
        variablePartHint =
                row.getSizeInBytes() - BinaryRowData.calculateFixPartSizeInBytes(row.getArity());
        return row;
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return producedType;
    }
}
