/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql;

import dev.flussenrich.sql.planner.OneInsertPerGroup;
import dev.flussenrich.sql.planner.SqlText;
import dev.flussenrich.sql.planner.StatementPlanner;
import dev.flussenrich.sql.planner.StatementRedaction;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a SQL script statement by statement through the {@link StatementPlanner}, printing what each
 * statement did. {@code ${name}} in the script is replaced by the variable of that name. The {@code
 * SET} statements at the top of the script configure the environment before it is created (that is
 * where {@code execution.runtime-mode} can be chosen); later ones apply from there on. A statement
 * set is written as one statement ({@code EXECUTE STATEMENT SET BEGIN ... END;}) or as the SQL
 * Client writes it ({@code BEGIN STATEMENT SET;}, INSERTs, {@code END;}).
 *
 * <p>No secret is printed or put into an exception: each statement is shown as written, before
 * {@code ${name}} is substituted, and with the value of every option whose key names a secret
 * hidden ({@link StatementRedaction}); the values of such options (and of variables whose names
 * name a secret) are hidden wherever a rewrite or an error message repeats them.
 */
@PublicEvolving
public final class SqlScriptRunner {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_.\\-]+)}");
    private static final Pattern SET =
            Pattern.compile("(?is)^SET\\s+'((?:[^']|'')*)'\\s*=\\s*'((?:[^']|'')*)'$");
    private static final Pattern DML = Pattern.compile("(?is)^(INSERT|EXECUTE|STATEMENT)\\b.*");
    private static final Pattern BEGIN_STATEMENT_SET =
            Pattern.compile("(?is)^BEGIN\\s+STATEMENT\\s+SET$");
    private static final Pattern END = Pattern.compile("(?is)^END$");

    private final Map<String, String> variables;
    private final PrintStream out;

    public SqlScriptRunner(Map<String, String> variables, PrintStream out) {
        this.variables = variables;
        this.out = out;
    }

    /** One statement of the script: as written (to show) and with its variables substituted. */
    private record Statement(int number, String written, String sql) {}

    /** Runs the script; returns the environment it ran in. Stops at the first failure. */
    public TableEnvironment run(String script) {
        List<Statement> statements = new ArrayList<>();
        for (String written : SqlText.splitStatements(script)) {
            String statement = SqlText.stripLeadingComments(written);
            statements.add(new Statement(statements.size() + 1, statement, substitute(statement)));
        }
        Set<String> secrets = secretsOf(statements);
        Configuration configuration = new Configuration();
        int first = 0;
        while (first < statements.size()) {
            Statement statement = statements.get(first);
            Matcher set = SET.matcher(statement.sql());
            if (!set.matches()) {
                break;
            }
            configuration.setString(unquote(set.group(1)), unquote(set.group(2)));
            echo(statement, secrets);
            out.println("[INFO] Environment option set.");
            first++;
        }
        TableEnvironment tableEnvironment =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance().withConfiguration(configuration).build());
        EnrichmentSql sql = EnrichmentSql.on(tableEnvironment);
        OpenStatementSet statementSet = null;
        for (int i = first; i < statements.size(); i++) {
            Statement statement = statements.get(i);
            echo(statement, secrets);
            try {
                statementSet = run(statement.sql(), tableEnvironment, sql, statementSet, secrets);
            } catch (RuntimeException e) {
                throw new ScriptException(statement.number(), statement.written(), e, secrets);
            }
        }
        if (statementSet != null) {
            Statement last = statements.get(statements.size() - 1);
            throw new ScriptException(
                    last.number(),
                    last.written(),
                    new ValidationException(
                            "The script ends inside a statement set: its INSERTs did not run. End"
                                    + " the set with END;"),
                    secrets);
        }
        return tableEnvironment;
    }

    /**
     * A statement set the script fills as the SQL Client does: {@code BEGIN STATEMENT SET;} opens
     * it, each INSERT joins it (planned, and refused if it writes a group the set writes already),
     * {@code END;} runs its INSERTs as one job.
     */
    private record OpenStatementSet(StatementSet inserts, OneInsertPerGroup groups) {}

    /** Runs one statement; returns the statement set open after it, null if none is. */
    private OpenStatementSet run(
            String statement,
            TableEnvironment tableEnvironment,
            EnrichmentSql sql,
            OpenStatementSet statementSet,
            Set<String> secrets) {
        if (BEGIN_STATEMENT_SET.matcher(statement).matches()) {
            if (statementSet != null) {
                throw new ValidationException(
                        "A statement set is open already: END it before BEGIN STATEMENT SET.");
            }
            out.println("[INFO] Begin a statement set.");
            return new OpenStatementSet(
                    tableEnvironment.createStatementSet(), new OneInsertPerGroup());
        }
        if (END.matcher(statement).matches()) {
            if (statementSet == null) {
                throw new ValidationException(
                        "END closes no statement set: BEGIN STATEMENT SET; comes first.");
            }
            reportJob(statementSet.inserts().execute());
            return null;
        }
        if (statementSet != null) {
            PlannedStatement planned = sql.plan(statement);
            statementSet.groups().add(planned.groupWrites());
            showRewrite(planned, secrets);
            statementSet.inserts().addInsertSql(planned.sql());
            out.println("[INFO] Add SQL update statement to the statement set.");
            return statementSet;
        }
        Matcher set = SET.matcher(statement);
        if (set.matches()) {
            // TableEnvironment#executeSql does not run SET; the SQL Client does it like this
            tableEnvironment.getConfig().set(unquote(set.group(1)), unquote(set.group(2)));
            out.println("[INFO] Option set.");
            return null;
        }
        PlannedStatement planned = sql.plan(statement);
        showRewrite(planned, secrets);
        report(statement, tableEnvironment.executeSql(planned.sql()));
        return null;
    }

    private void echo(Statement statement, Set<String> secrets) {
        out.println("Flink SQL> " + shown(statement.written(), secrets) + ";");
    }

    private void showRewrite(PlannedStatement planned, Set<String> secrets) {
        if (planned.rewritten()) {
            out.println("[INFO] Rewritten by the enrichment planner to:");
            out.println(shown(planned.sql(), secrets) + ";");
        }
    }

    /** Text as it may be printed or put into a message: no secret in it. */
    private static String shown(String text, Set<String> secrets) {
        return StatementRedaction.hide(StatementRedaction.redact(text), secrets);
    }

    /**
     * The values the script must not show: those of options whose keys name a secret, and those of
     * variables whose names do.
     */
    private Set<String> secretsOf(List<Statement> statements) {
        Set<String> secrets = new LinkedHashSet<>();
        for (Statement statement : statements) {
            secrets.addAll(StatementRedaction.secretValues(statement.sql()));
        }
        variables.forEach(
                (name, value) -> {
                    if (GlobalConfiguration.isSensitive(name) && !value.isBlank()) {
                        secrets.add(value);
                    }
                });
        return secrets;
    }

    private void report(String statement, TableResult result) {
        if (DML.matcher(statement).matches()) {
            reportJob(result);
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

    private void reportJob(TableResult result) {
        result.getJobClient()
                .ifPresent(job -> out.println("[INFO] Submitted job " + job.getJobID() + "."));
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

    /**
     * A statement of the script failed; says which. Neither its message nor its causes hold a
     * secret of the script: where a cause's message repeats one, the cause is a copy with it hidden
     * ({@link StatementRedaction.HiddenSecretsException}, named after the class it stands for).
     */
    public static final class ScriptException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        ScriptException(int number, String statement, RuntimeException cause, Set<String> secrets) {
            super(
                    String.format(
                            "Statement %d of the script failed: %s%nThe statement: %s",
                            number, shown(cause.getMessage(), secrets), shown(statement, secrets)),
                    StatementRedaction.hideIn(cause, secrets));
        }
    }
}
