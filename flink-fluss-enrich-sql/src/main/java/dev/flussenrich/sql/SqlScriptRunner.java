/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.sql.planner.SqlText;
import dev.flussenrich.sql.planner.StatementPlanner;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a SQL script statement by statement through the {@link StatementPlanner}, printing what each
 * statement did. {@code ${name}} in the script is replaced by the variable of that name. The {@code
 * SET} statements at the top of the script configure the environment before it is created (that is
 * where {@code execution.runtime-mode} can be chosen); later ones apply from there on.
 */
@PublicEvolving
public final class SqlScriptRunner {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_.\\-]+)}");
    private static final Pattern SET =
            Pattern.compile("(?is)^SET\\s+'((?:[^']|'')*)'\\s*=\\s*'((?:[^']|'')*)'$");
    private static final Pattern DML = Pattern.compile("(?is)^(INSERT|EXECUTE|STATEMENT)\\b.*");

    private final Map<String, String> variables;
    private final PrintStream out;

    public SqlScriptRunner(Map<String, String> variables, PrintStream out) {
        this.variables = variables;
        this.out = out;
    }

    /** Runs the script; returns the environment it ran in. Stops at the first failure. */
    public TableEnvironment run(String script) {
        List<String> statements =
                SqlText.splitStatements(substitute(script)).stream()
                        .map(SqlText::stripLeadingComments)
                        .toList();
        Configuration configuration = new Configuration();
        int first = 0;
        while (first < statements.size()) {
            Matcher set = SET.matcher(statements.get(first));
            if (!set.matches()) {
                break;
            }
            configuration.setString(unquote(set.group(1)), unquote(set.group(2)));
            out.println("Flink SQL> " + statements.get(first) + ";");
            out.println("[INFO] Environment option set.");
            first++;
        }
        TableEnvironment tableEnvironment =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance().withConfiguration(configuration).build());
        EnrichmentSql sql = EnrichmentSql.on(tableEnvironment);
        for (int i = first; i < statements.size(); i++) {
            String statement = statements.get(i);
            out.println("Flink SQL> " + statement + ";");
            Matcher set = SET.matcher(statement);
            if (set.matches()) {
                // TableEnvironment#executeSql does not run SET; the SQL Client does it like this
                tableEnvironment.getConfig().set(unquote(set.group(1)), unquote(set.group(2)));
                out.println("[INFO] Option set.");
                continue;
            }
            try {
                PlannedStatement planned = sql.plan(statement);
                if (planned.rewritten()) {
                    out.println("[INFO] Rewritten by the enrichment planner to:");
                    out.println(planned.sql() + ";");
                }
                report(statement, tableEnvironment.executeSql(planned.sql()));
            } catch (RuntimeException e) {
                throw new ScriptException(i + 1, statement, e);
            }
        }
        return tableEnvironment;
    }

    private void report(String statement, TableResult result) {
        if (DML.matcher(statement).matches()) {
            result.getJobClient()
                    .ifPresent(job -> out.println("[INFO] Submitted job " + job.getJobID() + "."));
            return;
        }
        if (result.getResultKind() == ResultKind.SUCCESS) {
            out.println("[INFO] Execute statement succeeded.");
            return;
        }
        out.println(String.join(" | ", result.getResolvedSchema().getColumnNames()));
        int rows = 0;
        try (CloseableIterator<Row> it = result.collect()) {
            while (it.hasNext()) {
                out.println(it.next());
                rows++;
            }
        } catch (Exception e) {
            throw new IllegalStateException("Could not read the result: " + e.getMessage(), e);
        }
        out.println(rows + (rows == 1 ? " row" : " rows"));
    }

    private String substitute(String script) {
        Matcher variable = VARIABLE.matcher(script);
        StringBuilder out = new StringBuilder();
        while (variable.find()) {
            String value = variables.get(variable.group(1));
            if (value == null) {
                throw new ValidationException(
                        String.format(
                                "The script uses ${%s}, which is not set (variables: %s). Set it"
                                        + " on the command line.",
                                variable.group(1), String.join(", ", variables.keySet())));
            }
            variable.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        variable.appendTail(out);
        return out.toString();
    }

    private static String unquote(String value) {
        return value.replace("''", "'");
    }

    /** A statement of the script failed; says which. */
    public static final class ScriptException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        ScriptException(int number, String statement, RuntimeException cause) {
            super(
                    String.format(
                            "Statement %d of the script failed: %s%nThe statement: %s",
                            number, cause.getMessage(), statement),
                    cause);
        }
    }
}
