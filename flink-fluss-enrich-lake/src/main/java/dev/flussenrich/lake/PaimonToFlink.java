/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;

import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.Timestamp;

/** Paimon's value classes as Flink's, for the in-place row and array views of the lake read. */
final class PaimonToFlink {

    private PaimonToFlink() {}

    static StringData string(BinaryString string) {
        return StringData.fromBytes(string.toBytes());
    }

    static DecimalData decimal(Decimal decimal, int precision, int scale) {
        return decimal.isCompact()
                ? DecimalData.fromUnscaledLong(decimal.toUnscaledLong(), precision, scale)
                : DecimalData.fromUnscaledBytes(decimal.toUnscaledBytes(), precision, scale);
    }

    static TimestampData timestamp(Timestamp timestamp) {
        return TimestampData.fromEpochMillis(
                timestamp.getMillisecond(), timestamp.getNanoOfMillisecond());
    }

    static MapData map(InternalMap map) {
        ArrayData keys = new PaimonArrayAsFlinkArray(map.keyArray());
        ArrayData values = new PaimonArrayAsFlinkArray(map.valueArray());
        return new MapData() {
            @Override
            public int size() {
                return map.size();
            }

            @Override
            public ArrayData keyArray() {
                return keys;
            }

            @Override
            public ArrayData valueArray() {
                return values;
            }
        };
    }

    /** No lake column has Flink's RAW type: Fluss has none. */
    static UnsupportedOperationException noRawValue() {
        return new UnsupportedOperationException("RAW columns are not in the lake.");
    }
}
