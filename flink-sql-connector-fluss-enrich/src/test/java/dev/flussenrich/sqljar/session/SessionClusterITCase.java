/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sqljar.session;

import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.testutils.SqlGatewayRestClient.Session;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL jar on a real Flink session cluster: JobManager, TaskManager and SQL Gateway in JVMs of
 * their own, with Flink's class-loader separation. The jar sits on the gateway's class path only
 * (as in its {@code lib/}); jobs carry it in {@code pipeline.jars}, so the TaskManager loads the
 * connector from the job's user-code class loader. Driven only through the gateway's REST API: the
 * {@code fluss-enrich} catalog, DDL, base rows, the concise enrichment INSERT, the stitched rows.
 *
 * <p>Runs in {@code mvn verify} of every SQL jar module, on that module's Flink version (see
 * docs/session-cluster.md).
 */
class SessionClusterITCase {

    private static final String FLINK_VERSION = System.getProperty("flink.version");

    /** What the SQL jar bundles: none of it may be on the cluster's own class path. */
    private static final List<String> BUNDLED_PACKAGES =
            List.of(
                    "dev/flussenrich/",
                    "org/apache/fluss/",
                    "org/apache/calcite/",
                    "org/apache/flink/sql/parser/",
                    "org/apache/flink/connector/base/",
                    "com/google/common/");

    private static EmbeddedFlussCluster fluss;
    private static SessionCluster cluster;
    private static Path sqlJar;

    /** Prints the processes' logs when a test fails (startup failures print them themselves). */
    @RegisterExtension
    static final TestWatcher PRINT_LOGS_ON_FAILURE =
            new TestWatcher() {
                @Override
                public void testFailed(ExtensionContext context, Throwable cause) {
                    System.err.println(
                            "Logs after the failure of "
                                    + context.getDisplayName()
                                    + ":\n"
                                    + (cluster == null ? "" : cluster.logTails() + "\n")
                                    + "==== Fluss (test JVM): "
                                    + flussLog()
                                    + " ====\n"
                                    + JavaProcess.tail(flussLog(), 40));
                }
            };

    @BeforeAll
    static void startClusters() throws Exception {
        sqlJar = Path.of(System.getProperty("sqljar.path"));
        assertThat(sqlJar).isRegularFile();
        long start = System.nanoTime();
        fluss = EmbeddedFlussCluster.start(1);
        cluster = SessionCluster.start(workDir(), sqlJar);
        System.out.printf(
                "Fluss, JobManager, TaskManager and SQL Gateway up in %d ms%n",
                (System.nanoTime() - start) / 1_000_000);
    }

    /** target/session-cluster: the class path files written by the build, process folders and logs. */
    private static Path workDir() {
        return Path.of(System.getProperty("session-cluster.dir"));
    }

    private static Path flussLog() {
        return workDir().resolve("fluss.log");
    }

    @AfterAll
    static void stopClusters() {
        if (cluster != null) {
            cluster.close();
        }
        if (fluss != null) {
            fluss.close();
        }
    }

    /** The gateway (and so the cluster's class path) is the Flink version of this SQL jar. */
    @Test
    void theGatewayRunsTheFlinkVersionOfTheJar() throws Exception {
        String version = cluster.gateway().get("/v3/info").json().get("version").asText();
        System.out.printf("Session cluster runs Flink %s%n", version);
        assertThat(version).isEqualTo(FLINK_VERSION);
    }

    /**
     * The JobManager and TaskManager run on Flink alone: none of the classes the SQL jar bundles is
     * on their class path, so the jobs below can only have found them in the jar that came with the
     * job.
     */
    @Test
    void theClusterClassPathHoldsFlinkAndNothingTheSqlJarBundles() throws IOException {
        List<Path> flinkLib = cluster.flinkLib();
        assertThat(flinkLib)
                .allSatisfy(entry -> assertThat(entry.toString()).endsWith(".jar"))
                .doesNotContain(sqlJar)
                .map(entry -> entry.getFileName().toString())
                .contains(
                        "flink-runtime-" + FLINK_VERSION + ".jar",
                        "flink-clients-" + FLINK_VERSION + ".jar",
                        "flink-table-runtime-" + FLINK_VERSION + ".jar",
                        "flink-table-planner-loader-" + FLINK_VERSION + ".jar")
                .noneMatch(name -> name.startsWith("fluss-") || name.contains("fluss-enrich"));

        List<String> bundled = new ArrayList<>();
        for (Path jar : flinkLib) {
            try (JarFile file = new JarFile(jar.toFile())) {
                file.stream()
                        .map(JarEntry::getName)
                        .filter(name -> BUNDLED_PACKAGES.stream().anyMatch(name::startsWith))
                        .findFirst()
                        .ifPresent(name -> bundled.add(jar.getFileName() + "!/" + name));
            }
        }
        assertThat(bundled).as("classes of the SQL jar on the cluster's class path").isEmpty();
    }

    @Test
    void theConciseEnrichmentInsertRunsOnTheSessionCluster() throws Exception {
        try (Session session = cluster.gateway().openSession()) {
            session.execute("SET 'execution.runtime-mode' = 'batch'");
            session.execute("SET 'table.dml-sync' = 'true'");
            // The jar ships with every job: the TaskManager's user-code class loader gets it.
            session.execute("SET 'pipeline.jars' = '" + sqlJar.toUri() + "'");
            session.execute(
                    "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                            + fluss.bootstrapServers()
                            + "')");
            session.execute("USE CATALOG enrich");
            session.execute("CREATE DATABASE session_db");
            session.execute("USE session_db");
            session.execute(
                    "CREATE TABLE device_logs (id INT, ip STRING, city STRING) WITH ("
                            + "'bucket.num' = '2', 'bucket.key' = 'id',"
                            + " 'column-groups.geo' = 'city')");

            session.execute(
                    "INSERT INTO device_logs VALUES (1, 'host-a'), (2, 'host-b'), (3, 'host-c')");
            // Plain Flink cannot parse this hint: the fluss-enrich endpoint plans it.
            session.execute(
                    "INSERT INTO device_logs /*+ enrichment.group='geo' */"
                            + " SELECT UPPER(ip) AS city FROM device_logs");

            assertThat(session.execute("SELECT id, ip, city FROM device_logs"))
                    .containsExactlyInAnyOrder(
                            "[1,\"host-a\",\"HOST-A\"]",
                            "[2,\"host-b\",\"HOST-B\"]",
                            "[3,\"host-c\",\"HOST-C\"]");
        }

        // The three jobs ran on this cluster (not in the gateway's JVM) and finished.
        List<String> jobs =
                SessionCluster.await(
                        "the jobs to end",
                        () -> {
                            List<String> all = cluster.jobs();
                            return all.stream().allMatch(SessionClusterITCase::hasEnded)
                                    ? Optional.of(all)
                                    : Optional.empty();
                        });
        assertThat(jobs)
                .containsExactly(
                        "SELECT `device_logs`.`id`, `device_logs`.`ip`, `device_logs`.`city`\n"
                                + "FROM `enrich`.`session_db`.`device_logs` AS `device_logs`:"
                                + " FINISHED",
                        "insert-into_enrich.session_db.device_logs: FINISHED",
                        "insert-into_enrich.session_db.device_logs: FINISHED");

        // The TaskManager fetched the jar from the JobManager's blob server, byte for byte.
        assertThat(filesIn(cluster.taskManagerTmpDir()))
                .as("a copy of the SQL jar among the TaskManager's blobs")
                .anyMatch(this::isTheSqlJar);
    }

    private static boolean hasEnded(String job) {
        return job.endsWith(": FINISHED") || job.endsWith(": FAILED") || job.endsWith(": CANCELED");
    }

    private boolean isTheSqlJar(Path file) {
        try {
            return Files.size(file) == Files.size(sqlJar) && Files.mismatch(file, sqlJar) == -1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> filesIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).toList();
        }
    }
}
