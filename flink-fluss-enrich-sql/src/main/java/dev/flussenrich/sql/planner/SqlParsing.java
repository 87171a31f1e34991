/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.apache.flink.annotation.Internal;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;
import org.apache.flink.sql.parser.validate.FlinkSqlConformance;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlTableRef;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Flink's own SQL grammar, standalone: parsing one statement and printing SQL fragments. */
@Internal
final class SqlParsing {

    private static final SqlParser.Config CONFIG =
            SqlParser.config()
                    .withParserFactory(FlinkSqlParserImpl.FACTORY)
                    .withConformance(FlinkSqlConformance.DEFAULT)
                    .withLex(Lex.JAVA)
                    .withIdentifierMaxLength(256);

    /** Backtick quoting and case kept as written, like Flink's default dialect. */
    private static final SqlDialect DIALECT =
            new SqlDialect(
                    SqlDialect.EMPTY_CONTEXT
                            .withIdentifierQuoteString("`")
                            .withUnquotedCasing(Casing.UNCHANGED)
                            .withQuotedCasing(Casing.UNCHANGED));

    private SqlParsing() {}

    static SqlNode parse(String statement) throws SqlParseException {
        return SqlParser.create(statement, CONFIG).parseStmt();
    }

    /** The table an INSERT writes, as written (without its hints). */
    static SqlIdentifier targetTable(RichSqlInsert insert) {
        SqlNode table = insert.getTargetTable();
        if (table instanceof SqlTableRef ref) {
            return (SqlIdentifier) ref.getOperandList().get(0);
        }
        return (SqlIdentifier) table;
    }

    /** A fragment (expression, identifier) as SQL on one line. */
    static String unparse(SqlNode node) {
        return node.toSqlString(
                        c ->
                                c.withDialect(DIALECT)
                                        .withAlwaysUseParentheses(false)
                                        .withSelectListItemsOnSeparateLines(false)
                                        .withUpdateSetListNewline(false)
                                        .withClauseStartsLine(false)
                                        .withIndentation(0))
                .getSql();
    }

    static String quoteIdentifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    static String quoteString(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** The character offset of a parser position (1-based line and column) in the text. */
    static int offsetOf(String text, SqlParserPos pos) {
        int offset = 0;
        for (int line = 1; line < pos.getLineNum(); line++) {
            offset = text.indexOf('\n', offset) + 1;
        }
        return offset + pos.getColumnNum() - 1;
    }
}
