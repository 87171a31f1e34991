/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples;

import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.sql.SqlScriptRunner;

import org.apache.flink.runtime.util.EnvironmentInformation;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs a SQL script (concise enrichment INSERTs included) on a local Flink.
 *
 * <pre>
 * RunSqlScript [script.sql] [--bootstrap-servers host:port] [--var name=value]...
 * </pre>
 *
 * <p>Without a script it runs the bundled demo ({@code sql/enrichment-demo.sql}). Without {@code
 * --bootstrap-servers} it starts an embedded Fluss cluster for the run. The script sees {@code
 * ${bootstrap.servers}} and every {@code --var}.
 */
public final class RunSqlScript {

    private static final String DEMO_SCRIPT = "sql/enrichment-demo.sql";

    private RunSqlScript() {}

    public static void main(String[] args) {
        ExampleMain.run(() -> run(args, System.out));
        System.exit(0); // the local Flink's threads would keep the JVM alive
    }

    /** Runs a script as the command line says, printing to {@code out}. */
    static void run(String[] args, PrintStream out) throws Exception {
        String scriptPath = null;
        String bootstrapServers = null;
        Map<String, String> variables = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--bootstrap-servers" -> bootstrapServers = valueOf(args, ++i);
                case "--var" -> {
                    String assignment = valueOf(args, ++i);
                    int eq = assignment.indexOf('=');
                    if (eq < 1) {
                        throw usage("--var needs name=value, got '" + assignment + "'");
                    }
                    variables.put(assignment.substring(0, eq), assignment.substring(eq + 1));
                }
                default -> {
                    if (args[i].startsWith("--") || scriptPath != null) {
                        throw usage("unexpected argument '" + args[i] + "'");
                    }
                    scriptPath = args[i];
                }
            }
        }
        String script = scriptPath == null ? bundledDemo() : Files.readString(Path.of(scriptPath));
        if (bootstrapServers != null) {
            variables.put("bootstrap.servers", bootstrapServers);
            new SqlScriptRunner(variables, out).run(script);
            return;
        }
        try (EmbeddedFlussCluster fluss = EmbeddedFlussCluster.start(1)) {
            out.println(
                    "[INFO] Embedded Fluss cluster at "
                            + fluss.bootstrapServers()
                            + ", local Flink "
                            + EnvironmentInformation.getVersion());
            variables.put("bootstrap.servers", fluss.bootstrapServers());
            new SqlScriptRunner(variables, out).run(script);
        }
    }

    private static String valueOf(String[] args, int i) {
        if (i >= args.length) {
            throw usage(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    private static IllegalArgumentException usage(String problem) {
        return new IllegalArgumentException(
                problem
                        + ". Usage: RunSqlScript [script.sql] [--bootstrap-servers host:port]"
                        + " [--var name=value]...");
    }

    private static String bundledDemo() throws IOException {
        try (InputStream in =
                RunSqlScript.class.getClassLoader().getResourceAsStream(DEMO_SCRIPT)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
