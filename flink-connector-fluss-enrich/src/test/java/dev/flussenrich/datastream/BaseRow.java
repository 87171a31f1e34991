/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.datastream;

import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.source.reader.StitchedRecordDeserializer;

import org.apache.flink.api.common.typeinfo.TypeInformation;

/** A base row {@code (id, ip)} with its identity, as a Flink POJO. */
public class BaseRow {
    public String partition;
    public int bucket;
    public long offset;
    public long timestamp;
    public int id;
    public String ip;

    /** Reads columns {@code id, ip}. */
    public static class Deserializer implements StitchedRecordDeserializer<BaseRow> {
        @Override
        public BaseRow deserialize(StitchedRecord record) {
            BaseRow row = new BaseRow();
            row.partition = record.bucket().partitionName();
            row.bucket = record.bucket().bucket();
            row.offset = record.offset();
            row.timestamp = record.timestamp();
            row.id = record.row().getInt(0);
            row.ip = record.row().getString(1).toString();
            return row;
        }

        @Override
        public TypeInformation<BaseRow> getProducedType() {
            return TypeInformation.of(BaseRow.class);
        }
    }
}
