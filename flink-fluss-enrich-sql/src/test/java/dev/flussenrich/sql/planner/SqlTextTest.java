/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Splitting a script into statements: quotes, comments and statement sets. */
class SqlTextTest {

    @Test
    void semicolonsInLiteralsQuotedNamesAndCommentsDoNotEndAStatement() {
        assertThat(
                        SqlText.splitStatements(
                                "SELECT 'a;b', `c;d` FROM t; -- one; two\n"
                                        + "SELECT \"e;f\" /* g; h */ FROM u;;\n  ;"))
                .containsExactly(
                        "SELECT 'a;b', `c;d` FROM t",
                        "-- one; two\nSELECT \"e;f\" /* g; h */ FROM u");
    }

    @Test
    void aStatementSetWrittenAsOneStatementIsOneStatement() {
        String set =
                "EXECUTE STATEMENT SET BEGIN\n"
                        + "INSERT INTO a SELECT x FROM t;\n"
                        + "INSERT INTO b SELECT y FROM t;\n"
                        + "END";
        assertThat(SqlText.splitStatements("SET 'k' = 'v';\n" + set + ";\nSELECT 1;"))
                .containsExactly("SET 'k' = 'v'", set, "SELECT 1");
    }

    @Test
    void anyCaseWithoutExecuteAndUnderExplainIsOneStatementToo() {
        String lower =
                "execute statement set begin insert into a select x from t; insert into b select"
                        + " y from t; end";
        String bare = "STATEMENT SET BEGIN INSERT INTO a SELECT x FROM t; End";
        String explain =
                "EXPLAIN CHANGELOG_MODE, ESTIMATED_COST STATEMENT SET BEGIN INSERT INTO a SELECT x"
                        + " FROM t; INSERT INTO b SELECT y FROM t; END";
        assertThat(SqlText.splitStatements(lower + ";" + bare + ";\n" + explain + ";"))
                .containsExactly(lower, bare, explain);
        // the last statement needs no semicolon after END
        assertThat(SqlText.splitStatements("SELECT 1; " + bare)).containsExactly("SELECT 1", bare);
    }

    @Test
    void theEndOfACaseInsideTheSetDoesNotCloseIt() {
        String set =
                "EXECUTE STATEMENT SET BEGIN\n"
                        + "INSERT INTO a SELECT x FROM t WHERE CASE WHEN x > 1 THEN TRUE ELSE FALSE"
                        + " END;\n"
                        + "INSERT INTO b SELECT CASE WHEN y IS NULL THEN 0 END FROM t;\n"
                        + "/* the set ends here; */ END /* done */";
        assertThat(SqlText.splitStatements(set + ";\nSELECT 2")).containsExactly(set, "SELECT 2");
    }

    @Test
    void wordsOfASetInLiteralsAndCommentsOpenNoSet() {
        assertThat(
                        SqlText.splitStatements(
                                "SELECT 'STATEMENT SET BEGIN' FROM t; SELECT 1 /* STATEMENT SET"
                                        + " BEGIN */; END_TABLE; SELECT 3"))
                .containsExactly(
                        "SELECT 'STATEMENT SET BEGIN' FROM t",
                        "SELECT 1 /* STATEMENT SET BEGIN */",
                        "END_TABLE",
                        "SELECT 3");
    }

    @Test
    void theSqlClientsStatementSetIsStatementsOfTheirOwn() {
        assertThat(
                        SqlText.splitStatements(
                                "BEGIN STATEMENT SET;\n"
                                        + "INSERT INTO a SELECT x FROM t;\n"
                                        + "INSERT INTO b SELECT y FROM t;\n"
                                        + "END;\n"
                                        + "SELECT 1;"))
                .containsExactly(
                        "BEGIN STATEMENT SET",
                        "INSERT INTO a SELECT x FROM t",
                        "INSERT INTO b SELECT y FROM t",
                        "END",
                        "SELECT 1");
    }

    @Test
    void anEmptySetOrOneWithoutEndSwallowsNoLaterStatementWrongly() {
        // an empty set has no semicolon inside: Flink refuses it, the next statement stays apart
        assertThat(SqlText.splitStatements("EXECUTE STATEMENT SET BEGIN END; SELECT 1;"))
                .containsExactly("EXECUTE STATEMENT SET BEGIN END", "SELECT 1");
        // without END the rest is the set's: Flink reports the missing END
        assertThat(
                        SqlText.splitStatements(
                                "EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT 1; SELECT 2;"))
                .containsExactly("EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT 1; SELECT 2;");
    }
}
