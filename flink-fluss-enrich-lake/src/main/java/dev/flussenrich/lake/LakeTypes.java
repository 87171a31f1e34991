/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import org.apache.fluss.types.ArrayType;
import org.apache.fluss.types.BinaryType;
import org.apache.fluss.types.CharType;
import org.apache.fluss.types.DecimalType;
import org.apache.fluss.types.LocalZonedTimestampType;
import org.apache.fluss.types.MapType;
import org.apache.fluss.types.RowType;
import org.apache.fluss.types.TimeType;
import org.apache.fluss.types.TimestampType;

import org.apache.flink.annotation.Internal;

import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypes;

import java.util.List;

/**
 * Fluss column types as Paimon column types, the same mapping Fluss's own tiering uses, nested
 * types (array, map, row, in each other) included.
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
                    case ARRAY ->
                            DataTypes.ARRAY(toPaimon(column, ((ArrayType) type).getElementType()));
                    case MAP -> {
                        MapType map = (MapType) type;
                        yield DataTypes.MAP(
                                toPaimon(column, map.getKeyType()),
                                toPaimon(column, map.getValueType()));
                    }
                    case ROW -> DataTypes.ROW(fieldsOf(column, (RowType) type));
                    default ->
                            throw new UnsupportedOperationException(
                                    "Column '"
                                            + column
                                            + "' has type "
                                            + type
                                            + ", which enriched tiering does not write to Paimon:"
                                            + " leave its group out of the lake with setGroups.");
                };
        return paimon.copy(type.isNullable());
    }

    /** Field ids here are placeholders: Paimon's schema builder numbers nested fields itself. */
    private static DataField[] fieldsOf(String column, RowType row) {
        List<org.apache.fluss.types.DataField> fields = row.getFields();
        DataField[] paimon = new DataField[fields.size()];
        for (int i = 0; i < paimon.length; i++) {
            org.apache.fluss.types.DataField field = fields.get(i);
            paimon[i] =
                    new DataField(
                            i,
                            field.getName(),
                            toPaimon(column, field.getType()),
                            field.getDescription().orElse(null));
        }
        return paimon;
    }
}
