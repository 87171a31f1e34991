/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.sql.planner.StatementRedaction.HiddenSecretsException;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.util.ExceptionUtils;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * What the script runner shows and how it fails, without a cluster (its runs against one:
 * ConciseSqlITCase).
 */
class SqlScriptRunnerTest {

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();

    private SqlScriptRunner runner(Map<String, String> variables) {
        return new SqlScriptRunner(
                variables, new PrintStream(output, true, StandardCharsets.UTF_8));
    }

    private String printed() {
        return output.toString(StandardCharsets.UTF_8);
    }

    /**
     * A secret that Flink's own error repeats (here as a table name) is hidden in the runner's
     * message and in the cause chain, which names the classes it stands for.
     */
    @Test
    void aSecretThatAnErrorRepeatsIsHiddenInTheMessageAndTheCauses() {
        String password = "pw-7c1e";
        Throwable failure =
                catchThrowable(
                        () ->
                                runner(Map.of("pw", password))
                                        .run(
                                                "SET 'client.security.sasl.password' = '${pw}';\n"
                                                        + "SELECT 1 FROM `${pw}`;"));

        assertThat(failure)
                .isInstanceOf(SqlScriptRunner.ScriptException.class)
                .hasMessageStartingWith("Statement 2 of the script failed: ")
                .hasMessageContaining("'******'")
                .hasMessageEndingWith("The statement: SELECT 1 FROM `${pw}`");
        assertThat(failure.getCause()).isInstanceOf(HiddenSecretsException.class);
        assertThat(((HiddenSecretsException) failure.getCause()).originalClass())
                .isEqualTo(ValidationException.class.getName());
        assertThat(ExceptionUtils.stringifyException(failure)).doesNotContain(password);
        assertThat(printed())
                .isEqualTo(
                        "Flink SQL> SET 'client.security.sasl.password' = '******';\n"
                                + "[INFO] Environment option set.\n"
                                + "Flink SQL> SELECT 1 FROM `${pw}`;\n");
    }

    /** The value of a variable whose name names a secret is hidden wherever it shows. */
    @Test
    void theValueOfAVariableNamedAsASecretIsHidden() {
        Throwable failure =
                catchThrowable(
                        () ->
                                runner(Map.of("api.token", "tok-42"))
                                        .run("SELECT 1 FROM `${api.token}`;"));
        assertThat(ExceptionUtils.stringifyException(failure))
                .doesNotContain("tok-42")
                .contains("'******'");
    }

    @Test
    void theSqlClientsStatementSetMustBeOpenedOnceAndEnded() {
        assertThatThrownBy(() -> runner(Map.of()).run("END;"))
                .hasMessage(
                        "Statement 1 of the script failed: END closes no statement set: BEGIN"
                                + " STATEMENT SET; comes first.\nThe statement: END");
        assertThatThrownBy(() -> runner(Map.of()).run("BEGIN STATEMENT SET;\nbegin statement set;"))
                .hasMessage(
                        "Statement 2 of the script failed: A statement set is open already: END"
                                + " it before BEGIN STATEMENT SET.\nThe statement: begin statement"
                                + " set");
        assertThatThrownBy(
                        () ->
                                runner(Map.of())
                                        .run(
                                                "CREATE TEMPORARY VIEW v AS SELECT 1;\nBEGIN STATEMENT SET;"))
                .hasMessage(
                        "Statement 2 of the script failed: The script ends inside a statement"
                                + " set: its INSERTs did not run. End the set with END;\nThe"
                                + " statement: BEGIN STATEMENT SET");
    }
}
