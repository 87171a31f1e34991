/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.sink.EnrichmentSerializer;

import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.InternalRow;

/** The enrichment of one base row for group {@code geo = city}. */
public class GeoRow {
    public String partition;
    public int bucket;
    public long offset;
    public String city;

    public static GeoRow of(DeviceLog base, String city) {
        GeoRow row = new GeoRow();
        row.partition = base.partition;
        row.bucket = base.bucket;
        row.offset = base.offset;
        row.city = city;
        return row;
    }

    /** Identity and {@code city}. */
    public static class Serializer implements EnrichmentSerializer<GeoRow> {
        @Override
        public EnrichedBucket bucketOf(GeoRow record) {
            return EnrichedBucket.of(record.partition, record.bucket);
        }

        @Override
        public long offsetOf(GeoRow record) {
            return record.offset;
        }

        @Override
        public InternalRow valuesOf(GeoRow record) {
            return GenericRow.of(BinaryString.fromString(record.city));
        }
    }
}
