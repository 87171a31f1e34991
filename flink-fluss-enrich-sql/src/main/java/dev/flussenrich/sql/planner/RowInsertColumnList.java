/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.apache.flink.annotation.Internal;
import org.apache.flink.sql.parser.dml.RichSqlInsert;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The column list of a row INSERT: an INSERT without an enrichment group writes new rows, that is
 * their base columns (the columns of no group). Without a column list, {@code INSERT INTO t SELECT
 * <one value per base column>} gets the base column list, so users need not spell out that group
 * columns are not written. (Not {@code Base...}: that prefix names abstract base classes here.)
 */
@Internal
final class RowInsertColumnList {

    private RowInsertColumnList() {}

    /** The statement with the base column list added, or null when it does not apply. */
    static String addColumnList(String statement, RichSqlInsert insert, EnrichmentTarget target) {
        if (insert.getTargetColumnList() != null || target.groups().isEmpty()) {
            return null;
        }
        List<String> base = target.baseColumns();
        SqlNode query =
                insert.getSource() instanceof SqlOrderBy orderBy
                        ? orderBy.query
                        : insert.getSource();
        Integer width = widthOf(query);
        if (width == null || width != base.size()) {
            return null;
        }
        int sourceStart = SqlParsing.offsetOf(statement, query.getParserPosition());
        String columnList =
                base.stream().map(SqlParsing::quoteIdentifier).collect(Collectors.joining(", "));
        return statement.substring(0, sourceStart).stripTrailing()
                + " ("
                + columnList
                + ")\n"
                + statement.substring(sourceStart);
    }

    /** The number of values per row, when the query says it without a star; else null. */
    private static Integer widthOf(SqlNode source) {
        if (source instanceof SqlSelect select) {
            for (SqlNode item : select.getSelectList()) {
                if (item instanceof SqlIdentifier identifier && identifier.isStar()) {
                    return null;
                }
            }
            return select.getSelectList().size();
        }
        if (source.getKind() == SqlKind.VALUES) {
            SqlNode firstRow = ((SqlCall) source).operand(0);
            return ((SqlCall) firstRow).operandCount();
        }
        return null;
    }
}
