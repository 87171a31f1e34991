/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;

import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.Timestamp;

/** Flink's value classes as Paimon's, for the in-place row and array views of tiering. */
final class FlinkToPaimon {

    private FlinkToPaimon() {}

    static BinaryString string(StringData string) {
        return BinaryString.fromBytes(string.toBytes());
    }

    static Decimal decimal(DecimalData decimal, int precision, int scale) {
        return decimal.isCompact()
                ? Decimal.fromUnscaledLong(decimal.toUnscaledLong(), precision, scale)
                : Decimal.fromUnscaledBytes(decimal.toUnscaledBytes(), precision, scale);
    }

    static Timestamp timestamp(TimestampData timestamp) {
        return Timestamp.fromEpochMillis(
                timestamp.getMillisecond(), timestamp.getNanoOfMillisecond());
    }

    static InternalMap map(MapData map) {
        InternalArray keys = new FlinkArrayAsPaimonArray(map.keyArray());
        InternalArray values = new FlinkArrayAsPaimonArray(map.valueArray());
        return new InternalMap() {
            @Override
            public int size() {
                return map.size();
            }

            @Override
            public InternalArray keyArray() {
                return keys;
            }

            @Override
            public InternalArray valueArray() {
                return values;
            }
        };
    }

    /** Fluss 0.9.1 has no VARIANT type, so no lake column is one. */
    static UnsupportedOperationException noVariant() {
        return new UnsupportedOperationException("VARIANT columns are not tiered.");
    }
}
