/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.StitchedRecord;
import dev.flussenrich.source.reader.StitchedRecordDeserializer;

import org.apache.fluss.flink.utils.FlussRowToFlinkRowConverter;
import org.apache.fluss.types.RowType;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.utils.JoinedRowData;

import java.util.List;

/**
 * Turns stitched rows into Flink {@link RowData}: the projected columns through Fluss's own
 * converter, followed by the requested identity metadata.
 */
@Internal
final class RowDataDeserializer implements StitchedRecordDeserializer<RowData> {

    private static final long serialVersionUID = 1L;

    private final RowType projectedType;
    private final List<IdentityMetadata> metadata;
    private final TypeInformation<RowData> producedType;
    private transient FlussRowToFlinkRowConverter converter;

    RowDataDeserializer(
            RowType projectedType,
            List<IdentityMetadata> metadata,
            TypeInformation<RowData> producedType) {
        this.projectedType = projectedType;
        this.metadata = List.copyOf(metadata);
        this.producedType = producedType;
    }

    @Override
    public void open() {
        converter = new FlussRowToFlinkRowConverter(projectedType);
    }

    @Override
    public RowData deserialize(StitchedRecord record) {
        if (converter == null) {
            open();
        }
        RowData physical = converter.toFlinkRowData(record.row());
        if (metadata.isEmpty()) {
            return physical;
        }
        GenericRowData identity = new GenericRowData(metadata.size());
        for (int i = 0; i < metadata.size(); i++) {
            identity.setField(
                    i,
                    switch (metadata.get(i)) {
                        case PARTITION -> StringData.fromString(record.bucket().partitionName());
                        case BUCKET -> record.bucket().bucket();
                        case OFFSET -> record.offset();
                        case TIMESTAMP -> TimestampData.fromEpochMillis(record.timestamp());
                    });
        }
        return new JoinedRowData(physical, identity);
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return producedType;
    }
}
