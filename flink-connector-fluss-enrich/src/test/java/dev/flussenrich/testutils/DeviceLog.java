/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.source.reader.StitchedRecordDeserializer;

import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * A base row {@code (id, ip)} of a table made by {@link TestTables#createDeviceLogs}, with its
 * identity, as a Flink POJO.
 */
public class DeviceLog {
    public String partition;
    public int bucket;
    public long offset;
    public long timestamp;
    public int id;
    public String ip;

    /** Reads columns {@code id, ip}. */
    public static class Deserializer implements StitchedRecordDeserializer<DeviceLog> {
        @Override
        public DeviceLog deserialize(StitchedRecord record) {
            DeviceLog row = new DeviceLog();
            row.partition = record.bucket().partitionName();
            row.bucket = record.bucket().bucket();
            row.offset = record.offset();
            row.timestamp = record.timestamp();
            row.id = record.row().getInt(0);
            row.ip = record.row().getString(1).toString();
            return row;
        }

        @Override
        public TypeInformation<DeviceLog> getProducedType() {
            return TypeInformation.of(DeviceLog.class);
        }
    }
}
