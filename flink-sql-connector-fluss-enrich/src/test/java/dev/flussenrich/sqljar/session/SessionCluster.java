/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sqljar.session;

import dev.flussenrich.testutils.RestCalls;
import dev.flussenrich.testutils.SqlGatewayRestClient;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A Flink standalone session cluster and a SQL Gateway, each a JVM of its own, started the way
 * Flink's scripts start them ({@code jobmanager.sh}, {@code taskmanager.sh}, {@code
 * sql-gateway.sh}) but from Maven class paths, since Flink's binary distribution is not on Maven
 * Central:
 *
 * <ul>
 *   <li>{@code flink-lib.classpath} (written by the build): Flink and its
 *       dependencies, as {@code flink-dist} and {@code lib/} hold them; nothing of this project.
 *   <li>the JobManager and TaskManager run on it alone, with the memory settings that Flink's
 *       {@code BashJavaUtils} derives from {@code config.yaml}, as the scripts do;
 *   <li>the SQL Gateway runs on it plus {@code flink-sql-gateway} (Flink's {@code opt/}) plus the
 *       SQL jar, as if the jar had been dropped into {@code lib/}; its endpoint is {@code
 *       fluss-enrich}.
 * </ul>
 *
 * <p>All three read one {@code config.yaml} (Flink's {@code conf/}); logs go to {@code
 * <workDir>/logs}.
 */
final class SessionCluster implements AutoCloseable {

    /** {@code env.java.default-opts.all} of Flink's distribution (Java 17). */
    static final List<String> FLINK_JVM_OPTIONS =
            List.of(
                    "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
                    "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
                    "--add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED",
                    "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
                    "--add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED",
                    "--add-exports=jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED",
                    "--add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED",
                    "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
                    "--add-opens=java.base/java.lang=ALL-UNNAMED",
                    "--add-opens=java.base/java.net=ALL-UNNAMED",
                    "--add-opens=java.base/java.io=ALL-UNNAMED",
                    "--add-opens=java.base/java.nio=ALL-UNNAMED",
                    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
                    "--add-opens=java.base/java.text=ALL-UNNAMED",
                    "--add-opens=java.base/java.time=ALL-UNNAMED",
                    "--add-opens=java.base/java.util=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    static final String HOST = "127.0.0.1";
    private static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(2);
    private static final String BASH_JAVA_UTILS_RESULT = "BASH_JAVA_UTILS_EXEC_RESULT:";

    private final Path workDir;
    private final Path confDir;
    private final List<Path> flinkLib;
    private final List<JavaProcess> processes = new ArrayList<>();
    private final Thread killOnExit = new Thread(this::killAll, "kill-session-cluster");
    private final int restPort;
    private final int gatewayPort;

    private SessionCluster(Path workDir, List<Path> flinkLib) throws IOException {
        this.workDir = workDir;
        this.confDir = workDir.resolve("conf");
        this.flinkLib = flinkLib;
        // Nothing of an earlier run (blobs, logs) may count for this one.
        for (String folder : List.of("conf", "logs", "jobmanager", "taskmanager", "sql-gateway")) {
            deleteRecursively(workDir.resolve(folder));
        }
        this.restPort = freePort();
        this.gatewayPort = freePort();
        Runtime.getRuntime().addShutdownHook(killOnExit);
    }

    /**
     * Starts a JobManager, a TaskManager (4 slots) and a SQL Gateway with the SQL jar; returns once
     * the TaskManager has registered and the gateway answers. On failure, what was started is
     * stopped again.
     */
    static SessionCluster start(Path workDir, Path sqlJar) throws Exception {
        SessionCluster cluster = new SessionCluster(workDir, readClassPath(workDir, "flink-lib"));
        try {
            cluster.startAll(sqlJar);
            return cluster;
        } catch (Throwable t) {
            String tails = cluster.logTails();
            cluster.close();
            throw new IllegalStateException(
                    "Could not start the session cluster; process logs:\n" + tails, t);
        }
    }

    /** Flink's class path for the JobManager and the TaskManager. */
    List<Path> flinkLib() {
        return flinkLib;
    }

    /** The JobManager's REST API. */
    RestCalls jobManager() {
        return new RestCalls(HOST, restPort);
    }

    /** The SQL Gateway's REST API (its {@code fluss-enrich} endpoint). */
    SqlGatewayRestClient gateway() {
        return new SqlGatewayRestClient(HOST, gatewayPort);
    }

    /** The TaskManager's working directories (its {@code io.tmp.dirs}: blobs, spill files). */
    Path taskManagerTmpDir() throws IOException {
        return tmpDir("taskmanager");
    }

    private void startAll(Path sqlJar) throws Exception {
        writeConfiguration();
        List<String> jobManagerMemory = resourceParams("GET_JM_RESOURCE_PARAMS");
        List<String> taskManagerMemory = resourceParams("GET_TM_RESOURCE_PARAMS");

        JavaProcess jobManager =
                startFlinkProcess(
                        "jobmanager",
                        jvmOptions(jobManagerMemory.get(0)),
                        flinkLib,
                        "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint",
                        clusterArgs("jobmanager", jobManagerMemory.get(1)));
        JavaProcess taskManager =
                startFlinkProcess(
                        "taskmanager",
                        jvmOptions(taskManagerMemory.get(0)),
                        flinkLib,
                        "org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
                        clusterArgs("taskmanager", taskManagerMemory.get(1)));
        List<Path> gatewayClassPath = new ArrayList<>(flinkLib);
        gatewayClassPath.addAll(readClassPath(workDir, "sql-gateway"));
        gatewayClassPath.add(sqlJar);
        // SqlGateway reads FLINK_CONF_DIR; its only options are -D.
        JavaProcess gateway =
                startFlinkProcess(
                        "sql-gateway",
                        List.of("-Xmx1g"),
                        gatewayClassPath,
                        "org.apache.flink.table.gateway.SqlGateway",
                        List.of("-Dio.tmp.dirs=" + tmpDir("sql-gateway")));

        RestCalls rest = jobManager();
        await(
                "the TaskManager to register with the JobManager",
                () -> {
                    RestCalls.Response response = rest.get("/taskmanagers");
                    return response.ok() && response.json().get("taskmanagers").size() == 1
                            ? Optional.of(true)
                            : Optional.empty();
                },
                jobManager,
                taskManager);
        SqlGatewayRestClient sqlGateway = gateway();
        await(
                "the SQL Gateway to answer",
                () -> sqlGateway.get("/v3/info").ok() ? Optional.of(true) : Optional.empty(),
                gateway);
    }

    /** Flink's conf/: one config.yaml for all three processes, and the console log layout. */
    private void writeConfiguration() throws IOException {
        Files.createDirectories(confDir);
        Files.writeString(
                confDir.resolve("config.yaml"),
                String.join(
                        "\n",
                        "jobmanager.rpc.address: " + HOST,
                        "jobmanager.rpc.port: " + freePort(),
                        "jobmanager.bind-host: " + HOST,
                        "jobmanager.memory.process.size: 1024m",
                        "taskmanager.host: " + HOST,
                        "taskmanager.bind-host: " + HOST,
                        "taskmanager.numberOfTaskSlots: 4",
                        "taskmanager.memory.process.size: 1536m",
                        "taskmanager.memory.managed.fraction: 0.2",
                        // Direct memory for the Fluss client (Arrow) inside tasks.
                        "taskmanager.memory.task.off-heap.size: 128m",
                        "parallelism.default: 1",
                        "rest.address: " + HOST,
                        "rest.bind-address: " + HOST,
                        "rest.port: " + restPort,
                        "execution.target: remote",
                        "sql-gateway.endpoint.type: fluss-enrich",
                        "sql-gateway.endpoint.fluss-enrich.address: " + HOST,
                        "sql-gateway.endpoint.fluss-enrich.bind-address: " + HOST,
                        "sql-gateway.endpoint.fluss-enrich.port: " + gatewayPort,
                        ""));
        Files.writeString(
                confDir.resolve("log4j-console.properties"),
                String.join(
                        "\n",
                        "rootLogger.level = INFO",
                        "rootLogger.appenderRef.console.ref = ConsoleAppender",
                        "appender.console.name = ConsoleAppender",
                        "appender.console.type = CONSOLE",
                        "appender.console.layout.type = PatternLayout",
                        "appender.console.layout.pattern = %d{HH:mm:ss,SSS} %-5p %c{1} [%t] - %m%n",
                        ""));
    }

    /**
     * What {@code taskmanager.sh}/{@code jobmanager.sh} ask {@code BashJavaUtils} for: the JVM's
     * memory flags and the resolved memory settings ({@code -D key=value}), in this order.
     */
    private List<String> resourceParams(String command) throws Exception {
        List<String> output =
                JavaProcess.run(
                        "BashJavaUtils " + command,
                        List.of("-Xmx128m"),
                        flinkLib,
                        "org.apache.flink.runtime.util.bash.BashJavaUtils",
                        List.of(command, "--configDir", confDir.toString()),
                        workDir.resolve("logs").resolve(command + ".log"));
        List<String> results =
                output.stream()
                        .filter(line -> line.startsWith(BASH_JAVA_UTILS_RESULT))
                        .map(line -> line.substring(BASH_JAVA_UTILS_RESULT.length()).strip())
                        .toList();
        if (results.size() != 2) {
            throw new IllegalStateException(
                    "BashJavaUtils " + command + " returned " + results + ":\n" + output);
        }
        return results;
    }

    private static List<String> jvmOptions(String memoryFlags) {
        return Arrays.asList(memoryFlags.split("\\s+"));
    }

    /**
     * {@code --configDir conf -D a=1 -D b=2 ...}: the resolved memory settings, and a folder of its
     * own for blobs, spill files and the working directory, as on a host of its own.
     */
    private List<String> clusterArgs(String name, String memoryProperties) throws IOException {
        List<String> args = new ArrayList<>(List.of("--configDir", confDir.toString()));
        args.addAll(Arrays.asList(memoryProperties.split("\\s+")));
        args.addAll(List.of("-D", "io.tmp.dirs=" + tmpDir(name)));
        return args;
    }

    private Path tmpDir(String name) throws IOException {
        return Files.createDirectories(workDir.resolve(name).resolve("tmp"));
    }

    private JavaProcess startFlinkProcess(
            String name,
            List<String> memoryOptions,
            List<Path> classPath,
            String mainClass,
            List<String> args)
            throws IOException {
        Path log = workDir.resolve("logs").resolve(name + ".log");
        List<String> jvm = new ArrayList<>(FLINK_JVM_OPTIONS);
        jvm.addAll(memoryOptions);
        jvm.add("-Djava.io.tmpdir=" + tmpDir(name));
        jvm.add("-Dlog.file=" + log);
        jvm.add("-Dlog4j.configurationFile=" + confDir.resolve("log4j-console.properties"));
        JavaProcess process =
                JavaProcess.start(
                        name,
                        jvm,
                        classPath,
                        mainClass,
                        args,
                        Map.of("FLINK_CONF_DIR", confDir.toString()),
                        log);
        processes.add(process);
        return process;
    }

    /** Polls {@code check} until it has a value; fails if a process exits or time runs out. */
    static <T> T await(String what, Callable<Optional<T>> check, JavaProcess... mustRun)
            throws Exception {
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            for (JavaProcess process : mustRun) {
                process.checkAlive();
            }
            try {
                Optional<T> value = check.call();
                if (value.isPresent()) {
                    return value.get();
                }
            } catch (IOException e) {
                last = e; // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(
                "Timed out after " + STARTUP_TIMEOUT + " waiting for " + what, last);
    }

    /** The jobs the JobManager knows, as {@code name -> state}, sorted by name. */
    List<String> jobs() throws Exception {
        JsonNode jobs = jobManager().get("/jobs/overview").json().get("jobs");
        List<String> result = new ArrayList<>();
        jobs.forEach(
                job -> result.add(job.get("name").asText() + ": " + job.get("state").asText()));
        result.sort(null);
        return result;
    }

    /** The last lines of every process log, for a failure report. */
    String logTails() {
        return processes.stream()
                .map(
                        p ->
                                "==== "
                                        + p.name()
                                        + (p.isAlive() ? "" : " (exited)")
                                        + ": "
                                        + p.log()
                                        + " ====\n"
                                        + p.tail(80))
                .collect(Collectors.joining("\n"));
    }

    @Override
    public void close() {
        // The gateway first, then the TaskManager, then the JobManager.
        for (int i = processes.size() - 1; i >= 0; i--) {
            processes.get(i).stop();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down: the hook runs anyway.
        }
    }

    private void killAll() {
        processes.forEach(JavaProcess::kill);
    }

    private static List<Path> readClassPath(Path workDir, String name) throws IOException {
        Path file = workDir.resolve(name + ".classpath");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(
                    file + " is missing: run with the Maven profile session-cluster");
        }
        return Stream.of(Files.readString(file).strip().split(File.pathSeparator))
                .map(Path::of)
                .toList();
    }

    private static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            return socket.getLocalPort();
        }
    }
}
