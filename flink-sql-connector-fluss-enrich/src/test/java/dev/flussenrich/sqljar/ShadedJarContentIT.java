/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sqljar;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Checks the packaged SQL jar: what it bundles, what it relocates, what it leaves to Flink. */
class ShadedJarContentIT {

    private static final String FACTORY_SERVICE =
            "META-INF/services/org.apache.flink.table.factories.Factory";
    private static final String SHADED = "dev/flussenrich/shaded/";

    private static Path jarPath;
    private static JarFile jar;
    private static List<String> entries;

    @BeforeAll
    static void openJar() throws IOException {
        String path = System.getProperty("sqljar.path");
        assertThat(path).as("system property sqljar.path").isNotBlank();
        jarPath = Paths.get(path);
        assertThat(jarPath).isRegularFile();
        jar = new JarFile(jarPath.toFile());
        entries = jar.stream().map(JarEntry::getName).toList();
    }

    @AfterAll
    static void closeJar() throws IOException {
        if (jar != null) {
            jar.close();
        }
    }

    @Test
    void registersTheFactories() throws IOException {
        List<String> factories = serviceEntries(FACTORY_SERVICE);
        assertThat(factories)
                .contains(
                        "dev.flussenrich.table.FlussEnrichDynamicTableFactory",
                        "dev.flussenrich.catalog.FlussEnrichCatalogFactory",
                        "dev.flussenrich.gateway.FlussEnrichGatewayEndpointFactory")
                .doesNotHaveDuplicates();
        for (String factory : factories) {
            assertThat(entries).as(factory).contains(factory.replace('.', '/') + ".class");
        }
    }

    @Test
    void bundlesTheConnectorAndTheRelocatedParser() {
        assertThat(entries)
                .contains(
                        "dev/flussenrich/sql/StatementPlanner.class",
                        "dev/flussenrich/core/EnrichedTables.class",
                        "dev/flussenrich/table/FlussEnrichDynamicTableFactory.class",
                        "dev/flussenrich/catalog/FlussEnrichCatalogFactory.class",
                        // fluss-flink-2.2 and flink-connector-base
                        "org/apache/fluss/client/Connection.class",
                        "org/apache/fluss/flink/catalog/FlinkCatalogFactory.class",
                        "org/apache/flink/connector/base/source/reader/SourceReaderBase.class",
                        // the parser, relocated
                        SHADED + "org/apache/calcite/sql/parser/SqlParser.class",
                        SHADED + "org/apache/flink/sql/parser/impl/FlinkSqlParserImpl.class",
                        SHADED + "org/apache/calcite/linq4j/Linq4j.class",
                        SHADED + "org/apache/calcite/avatica/util/Casing.class",
                        SHADED + "com/google/common/collect/ImmutableList.class",
                        SHADED + "com/google/common/util/concurrent/internal/InternalFutures.class",
                        SHADED + "org/checkerframework/checker/nullness/qual/Nullable.class");
    }

    @Test
    void leavesNothingOfTheParserUnrelocated() {
        assertThat(entries)
                .filteredOn(
                        e ->
                                e.startsWith("org/apache/calcite/")
                                        || e.startsWith("com/google/common/")
                                        || e.startsWith("com/google/thirdparty/")
                                        || e.startsWith("com/google/j2objc/")
                                        || e.startsWith("com/google/errorprone/")
                                        || e.startsWith("org/apache/flink/sql/parser/")
                                        || e.startsWith("org/apache/flink/table/calcite/")
                                        || e.startsWith("org/checkerframework/")
                                        || e.startsWith("org/apiguardian/"))
                .isEmpty();
    }

    @Test
    void bundlesNoFlinkAndNoLogging() {
        assertThat(entries)
                .filteredOn(
                        e ->
                                e.startsWith("org/apache/flink/table/api/")
                                        || e.startsWith("org/apache/flink/table/factories/")
                                        || e.startsWith("org/apache/flink/api/")
                                        || e.startsWith("org/apache/flink/configuration/")
                                        || e.startsWith("org/apache/flink/streaming/")
                                        || e.startsWith("org/apache/flink/annotation/")
                                        || e.startsWith("org/slf4j/")
                                        || e.startsWith("org/apache/logging/")
                                        || e.startsWith("org/apache/log4j/")
                                        || e.startsWith("javax/annotation/"))
                .isEmpty();
    }

    @Test
    void hasNoSignatureFiles() {
        assertThat(entries)
                .filteredOn(
                        e ->
                                e.startsWith("META-INF/")
                                        && e.indexOf('/', "META-INF/".length()) < 0
                                        && (e.endsWith(".SF")
                                                || e.endsWith(".DSA")
                                                || e.endsWith(".RSA")))
                .isEmpty();
    }

    /**
     * flink-sql-parser replaces a few Calcite classes with its own versions; the jar must keep
     * Flink's (SqlTypeName with VARIANT), not calcite-core's.
     */
    @Test
    void keepsFlinksVersionsOfCalciteClasses() throws Exception {
        try (URLClassLoader loader = isolatedLoader()) {
            Class<?> typeName =
                    Class.forName(
                            "dev.flussenrich.shaded.org.apache.calcite.sql.type.SqlTypeName",
                            false,
                            loader);
            assertThat(typeName.getField("VARIANT").getType()).isSameAs(typeName);
        }
    }

    /**
     * The statement planner, loaded from the jar with only Flink below it, parses an INSERT with
     * the relocated parser and rewrites it.
     */
    @Test
    void statementPlannerRunsFromTheJar() throws Exception {
        try (URLClassLoader loader = isolatedLoader()) {
            Class<?> plannerClass =
                    Class.forName("dev.flussenrich.sql.StatementPlanner", true, loader);
            Class<?> lookupClass = Class.forName("dev.flussenrich.sql.TargetLookup", true, loader);
            Class<?> targetClass =
                    Class.forName("dev.flussenrich.sql.EnrichmentTarget", true, loader);
            assertThat(plannerClass.getProtectionDomain().getCodeSource().getLocation())
                    .isEqualTo(jarPath.toUri().toURL());

            // device_logs(id, msg, score); group "scores" owns score.
            Object path =
                    Class.forName("org.apache.fluss.metadata.TablePath", true, loader)
                            .getMethod("of", String.class, String.class)
                            .invoke(null, "fluss", "device_logs");
            Object group =
                    Class.forName("dev.flussenrich.core.ColumnGroup", true, loader)
                            .getConstructor(String.class, List.class)
                            .newInstance("scores", List.of("score"));
            Class<?> groupsClass = Class.forName("dev.flussenrich.core.ColumnGroups", true, loader);
            Object groups =
                    groupsClass.getMethod("of", Collection.class).invoke(null, List.of(group));
            Class<?> tableClass = Class.forName("dev.flussenrich.core.LogicalTable", true, loader);
            Object table =
                    tableClass
                            .getConstructor(path.getClass(), groupsClass, boolean.class)
                            .newInstance(path, groups, false);
            Object target =
                    targetClass
                            .getConstructor(
                                    String.class, tableClass, List.class, List.class, Set.class)
                            .newInstance(
                                    "enrich.fluss.device_logs",
                                    table,
                                    List.of("id", "msg", "score"),
                                    List.of("id", "msg", "score"),
                                    Set.of());
            List<List<String>> lookedUp = new ArrayList<>();
            InvocationHandler handler =
                    (proxy, method, args) -> {
                        if (method.getName().equals("find")) {
                            @SuppressWarnings("unchecked")
                            List<String> identifier = (List<String>) args[0];
                            lookedUp.add(List.copyOf(identifier));
                            return Optional.of(target);
                        }
                        throw new UnsupportedOperationException(method.toString());
                    };
            Object lookup = Proxy.newProxyInstance(loader, new Class<?>[] {lookupClass}, handler);
            Object planner = plannerClass.getConstructor(lookupClass).newInstance(lookup);

            Method plan = plannerClass.getMethod("plan", String.class);
            Object planned =
                    plan.invoke(planner, "INSERT INTO enrich.fluss.device_logs SELECT 1, 'a'");

            // The parser found the INSERT's target (a RichSqlInsert) and its two values.
            assertThat(lookedUp).containsExactly(List.of("enrich", "fluss", "device_logs"));
            Class<?> plannedClass = planned.getClass();
            assertThat(plannedClass.getMethod("rewritten").invoke(planned)).isEqualTo(true);
            assertThat(plannedClass.getMethod("sql").invoke(planned))
                    .isEqualTo("INSERT INTO enrich.fluss.device_logs (`id`, `msg`)\nSELECT 1, 'a'");
        }
    }

    /**
     * The shaded jar over the test class path, which holds Flink and the test libraries but nothing
     * the jar bundles (failsafe's classpathDependencyExcludes): a class missing from the jar, or
     * left pointing at an unrelocated name, fails here instead of being found elsewhere.
     */
    private static URLClassLoader isolatedLoader() throws Exception {
        ClassLoader flink = ShadedJarContentIT.class.getClassLoader();
        assertThatThrownBy(() -> Class.forName("org.apache.calcite.sql.SqlNode", false, flink))
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(
                        () -> Class.forName("dev.flussenrich.sql.StatementPlanner", false, flink))
                .isInstanceOf(ClassNotFoundException.class);
        assertThat(Class.forName("org.apache.flink.table.api.TableEnvironment", false, flink))
                .isNotNull();
        return new URLClassLoader(new URL[] {jarPath.toUri().toURL()}, flink);
    }

    private static List<String> serviceEntries(String name) throws IOException {
        JarEntry entry = jar.getJarEntry(name);
        assertThat(entry).as(name).isNotNull();
        try (InputStream in = jar.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .toList();
        }
    }
}
