/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.fluss.types.BinaryType;
import org.apache.fluss.types.CharType;
import org.apache.fluss.types.DecimalType;
import org.apache.fluss.types.LocalZonedTimestampType;
import org.apache.fluss.types.TimeType;
import org.apache.fluss.types.TimestampType;

import org.apache.flink.annotation.Internal;

import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;

/**
 * Fluss column types as Paimon column types, the same mapping Fluss's own tiering uses for the
 * types a logical table's columns have. Nested types (array, map, row) are not tiered yet.
 */
@Internal
final class LakeTypes {

    private LakeTypes() {}

    static DataType toPaimon(String column, org.apache.fluss.types.DataType type) {
        DataType paimon =
                switch (type.getTypeRoot()) {
                    case BOOLEAN -> DataTypes.BOOLEAN();
                    case TINYINT -> DataTypes.TINYINT();
                    case SMALLINT -> DataTypes.SMALLINT();
                    case INTEGER -> DataTypes.INT();
                    case BIGINT -> DataTypes.BIGINT();
                    case FLOAT -> DataTypes.FLOAT();
                    case DOUBLE -> DataTypes.DOUBLE();
                    case DECIMAL -> {
                        DecimalType decimal = (DecimalType) type;
                        yield DataTypes.DECIMAL(decimal.getPrecision(), decimal.getScale());
                    }
                    case CHAR -> DataTypes.CHAR(((CharType) type).getLength());
                    case STRING -> DataTypes.STRING();
                    case BINARY -> DataTypes.BINARY(((BinaryType) type).getLength());
                    case BYTES -> DataTypes.BYTES();
                    case DATE -> DataTypes.DATE();
                    case TIME_WITHOUT_TIME_ZONE -> DataTypes.TIME(((TimeType) type).getPrecision());
                    case TIMESTAMP_WITHOUT_TIME_ZONE ->
                            DataTypes.TIMESTAMP(((TimestampType) type).getPrecision());
                    case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                            DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(
                                    ((LocalZonedTimestampType) type).getPrecision());
                    default ->
                            throw new UnsupportedOperationException(
                                    "Column '"
                                            + column
                                            + "' has type "
                                            + type
                                            + ", which enriched tiering does not write to Paimon"
                                            + " yet (arrays, maps and rows are not supported):"
                                            + " leave its group out of the lake with setGroups.");
                };
        return paimon.copy(type.isNullable());
    }
}
