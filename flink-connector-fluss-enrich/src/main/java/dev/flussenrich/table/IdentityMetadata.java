/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;

import java.util.Arrays;
import java.util.Optional;

/**
 * Metadata columns of a logical table: where a base row lives and when it was committed. The
 * catalog exposes them as {@code _partition}, {@code _bucket}, {@code _offset} (persisted, so an
 * enrichment INSERT can name them) and {@code _timestamp} (virtual).
 */
@Internal
public enum IdentityMetadata {
    PARTITION("partition", "_partition", DataTypes.STRING(), false),
    BUCKET("bucket", "_bucket", DataTypes.INT(), false),
    OFFSET("offset", "_offset", DataTypes.BIGINT(), false),
    TIMESTAMP("timestamp", "_timestamp", DataTypes.TIMESTAMP_LTZ(3), true);

    private final String key;
    private final String columnName;
    private final DataType type;
    private final boolean virtual;

    IdentityMetadata(String key, String columnName, DataType type, boolean virtual) {
        this.key = key;
        this.columnName = columnName;
        this.type = type;
        this.virtual = virtual;
    }

    /** The metadata key, as in {@code METADATA FROM 'offset'}. */
    public String key() {
        return key;
    }

    /** The column name the catalog gives it. */
    public String columnName() {
        return columnName;
    }

    public DataType type() {
        return type;
    }

    public boolean isVirtual() {
        return virtual;
    }

    public static Optional<IdentityMetadata> ofColumnName(String columnName) {
        return Arrays.stream(values()).filter(m -> m.columnName.equals(columnName)).findFirst();
    }

    public static Optional<IdentityMetadata> ofKey(String key) {
        return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
    }
}
