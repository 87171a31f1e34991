/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.InvalidTableLayoutException;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;

import org.apache.fluss.flink.utils.FlinkConversions;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.procedure.ProcedureContext;
import org.apache.flink.table.procedures.Procedure;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.apache.flink.table.types.utils.TypeConversions;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code CALL <catalog>.sys.add_column_group('db.table', 'group', 'col TYPE, col TYPE')}: adds new
 * columns to a logical table as a new column group.
 */
@Internal
public final class AddColumnGroupProcedure implements Procedure {

    public static final String NAME = "add_column_group";

    private final EnrichedTables tables;

    AddColumnGroupProcedure(EnrichedTables tables) {
        this.tables = tables;
    }

    public String[] call(ProcedureContext context, String table, String group, String columns) {
        TablePath path =
                FlussEnrichConnectorOptionsUtil.parseTablePath(table, "table argument of " + NAME);
        List<Schema.Column> parsed = parseColumns(columns);
        try {
            tables.addGroup(path, group, parsed);
        } catch (InvalidTableLayoutException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        return new String[] {
            String.format("Added column group '%s' (%s) to %s", group, columns.trim(), path)
        };
    }

    private static List<Schema.Column> parseColumns(String columns) {
        RowType row;
        try {
            LogicalType type =
                    LogicalTypeParser.parse(
                            "ROW<" + columns + ">", AddColumnGroupProcedure.class.getClassLoader());
            row = (RowType) type;
        } catch (RuntimeException e) {
            throw new ValidationException(
                    String.format(
                            "Invalid column list '%s' for %s: expected 'name TYPE, name TYPE',"
                                    + " e.g. 'city STRING, score DOUBLE'.",
                            columns, NAME),
                    e);
        }
        List<Schema.Column> parsed = new ArrayList<>();
        for (RowType.RowField field : row.getFields()) {
            parsed.add(
                    new Schema.Column(
                            field.getName(),
                            FlinkConversions.toFlussType(
                                    TypeConversions.fromLogicalToDataType(field.getType()))));
        }
        return parsed;
    }
}
