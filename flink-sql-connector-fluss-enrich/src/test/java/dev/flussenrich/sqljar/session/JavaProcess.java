/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sqljar.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A JVM started by the test, its output (stdout and stderr) in one log file under target/. */
final class JavaProcess {

    private static final long STOP_TIMEOUT_SECONDS = 20;

    private final String name;
    private final Process process;
    private final Path log;

    private JavaProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code java <jvmOptions> -cp <classPath> <mainClass> <args>} with the test's own JDK.
     */
    static JavaProcess start(
            String name,
            List<String> jvmOptions,
            List<Path> classPath,
            String mainClass,
            List<String> args,
            Map<String, String> environment,
            Path log)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(
                String.join(
                        java.io.File.pathSeparator,
                        classPath.stream().map(Path::toString).toList()));
        command.add(mainClass);
        command.addAll(args);
        Files.createDirectories(log.getParent());
        Files.writeString(log, "$ " + String.join(" ", command) + "\n\n");
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(environment);
        return new JavaProcess(name, builder.start(), log);
    }

    /** Runs a short-lived JVM to its end and returns its output; fails on a non-zero exit. */
    static List<String> run(
            String name,
            List<String> jvmOptions,
            List<Path> classPath,
            String mainClass,
            List<String> args,
            Path log)
            throws IOException, InterruptedException {
        JavaProcess process = start(name, jvmOptions, classPath, mainClass, args, Map.of(), log);
        if (!process.process.waitFor(2, TimeUnit.MINUTES)) {
            process.stop();
            throw new IllegalStateException(name + " did not finish within 2 minutes");
        }
        if (process.process.exitValue() != 0) {
            throw new IllegalStateException(
                    name
                            + " exited with "
                            + process.process.exitValue()
                            + ":\n"
                            + process.tail(40));
        }
        return Files.readAllLines(log, StandardCharsets.UTF_8);
    }

    String name() {
        return name;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Fails with the log's tail if the process has exited. */
    void checkAlive() {
        if (!process.isAlive()) {
            throw new IllegalStateException(
                    name
                            + " exited with "
                            + process.exitValue()
                            + "; last lines of "
                            + log
                            + ":\n"
                            + tail(60));
        }
    }

    /** SIGTERM (Flink's shutdown hooks run), then SIGKILL if it has not exited in time. */
    void stop() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Kills at once: for the JVM shutdown hook, when the test JVM itself is going away. */
    void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    Path log() {
        return log;
    }

    /** The last lines of the log. */
    String tail(int lines) {
        return tail(log, lines);
    }

    /** The last lines of a log file. */
    static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(could not read " + log + ": " + e + ")";
        }
    }
}
