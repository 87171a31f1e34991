/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.sql.planner.StatementRedaction.HiddenSecretsException;

import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.table.api.ValidationException;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Which option values are hidden in statement text, and how. */
class StatementRedactionTest {

    @Test
    void theValueOfEveryOptionWhoseKeyNamesASecretIsHidden() {
        assertThat(
                        StatementRedaction.redact(
                                "CREATE CATALOG c WITH ('type' = 'fluss-enrich',"
                                        + " 'client.security.sasl.username' = 'enricher',"
                                        + " 'client.security.sasl.password' = 'pa''ss;word',"
                                        + " 'CLIENT.SECURITY.SASL.JAAS.CONFIG'='org.Login required"
                                        + " password=\"p\";', 's3.secret-key' =\n'abc',"
                                        + " 'http.auth-token' = '')"))
                .isEqualTo(
                        "CREATE CATALOG c WITH ('type' = 'fluss-enrich',"
                                + " 'client.security.sasl.username' = 'enricher',"
                                + " 'client.security.sasl.password' = '******',"
                                + " 'CLIENT.SECURITY.SASL.JAAS.CONFIG'='******', 's3.secret-key'"
                                + " =\n'******', 'http.auth-token' = '******')");
        assertThat(StatementRedaction.HIDDEN).isEqualTo(GlobalConfiguration.HIDDEN_CONTENT);
    }

    @Test
    void hintsSetStatementsAndQuotedOrBareKeysAreCoveredToo() {
        assertThat(
                        StatementRedaction.redact(
                                "INSERT INTO t /*+ OPTIONS('enrichment.group'='geo') */ SELECT x"
                                        + " FROM t /*+ OPTIONS(password='a', `my.token` = 'b',"
                                        + " \"api.secret\" = 'c') */"))
                .isEqualTo(
                        "INSERT INTO t /*+ OPTIONS('enrichment.group'='geo') */ SELECT x"
                                + " FROM t /*+ OPTIONS(password='******', `my.token` = '******',"
                                + " \"api.secret\" = '******') */");
        assertThat(StatementRedaction.redact("WITH ('password' -- why\n = /* c */ 'x')"))
                .isEqualTo("WITH ('password' -- why\n = /* c */ '******')");
        assertThat(StatementRedaction.redact("SET 'client.security.sasl.password' = 'x'"))
                .isEqualTo("SET 'client.security.sasl.password' = '******'");
        assertThat(StatementRedaction.redact("SET client.security.sasl.password = x y"))
                .isEqualTo("SET client.security.sasl.password = ******");
        // a comment's own quotes do not hide or reveal the rest
        assertThat(StatementRedaction.redact("-- don't\nSET 'password' = 'x'"))
                .isEqualTo("-- don't\nSET 'password' = '******'");
    }

    @Test
    void otherTextIsLeftAsWritten() {
        String statement =
                "INSERT INTO t /*+ enrichment.group='geo' */ SELECT CASE WHEN ip = 'password'"
                        + " THEN 'secret' END AS city, 'token' AS x FROM t WHERE id = '1'; --"
                        + " 'unclosed";
        assertThat(StatementRedaction.redact(statement)).isEqualTo(statement);
        assertThat(StatementRedaction.secretValues(statement)).isEmpty();
        assertThat(StatementRedaction.redact("SET 'password' = 'unclosed"))
                .isEqualTo("SET 'password' = '******'");
    }

    @Test
    void theSecretValuesAreFoundAsWrittenAndUnescaped() {
        assertThat(
                        StatementRedaction.secretValues(
                                "CREATE TABLE t WITH ('password' = 'it''s', 'secret' = 'ab',"
                                        + " 'user' = 'u')"))
                .containsExactly("it''s", "it's", "ab");
        assertThat(StatementRedaction.hide("it's ab, it''s abc", Set.of("it's", "it''s", "ab")))
                .isEqualTo("****** ******, ****** ******c");
    }

    @Test
    void aCauseChainThatRepeatsASecretIsCopiedWithItHidden() {
        IllegalStateException root = new IllegalStateException("login failed for pw-123");
        ValidationException top = new ValidationException("Could not create catalog c", root);
        assertThat(StatementRedaction.hideIn(top, List.of("other"))).isSameAs(top);

        Throwable hidden = StatementRedaction.hideIn(top, List.of("pw-123"));
        assertThat(hidden).isInstanceOf(HiddenSecretsException.class);
        assertThat(hidden.toString())
                .isEqualTo(ValidationException.class.getName() + ": Could not create catalog c");
        assertThat(hidden.getStackTrace()).isEqualTo(top.getStackTrace());
        assertThat(hidden.getCause())
                .hasMessage("login failed for ******")
                .hasToString(IllegalStateException.class.getName() + ": login failed for ******");
        StringWriter printed = new StringWriter();
        hidden.printStackTrace(new PrintWriter(printed));
        assertThat(printed.toString())
                .doesNotContain("pw-123")
                .contains("Caused by: java.lang.IllegalStateException: login failed for ******");
    }
}
