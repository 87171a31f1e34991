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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Checks the packaged SQL jar of one Flink version, over that version's Flink: what it bundles, what
 * it relocates, what it leaves to Flink, and that its classes load there.
 */
class ShadedJarContentIT {

    private static final String FACTORY_SERVICE =
            "META-INF/services/org.apache.flink.table.factories.Factory";
    private static final String SHADED = "dev/flussenrich/shaded/";
    private static final String FLINK_VERSION = System.getProperty("flink.version");

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
                        "dev/flussenrich/sql/planner/StatementPlanner.class",
                        "dev/flussenrich/core/EnrichedTables.class",
                        "dev/flussenrich/table/FlussEnrichDynamicTableFactory.class",
                        "dev/flussenrich/catalog/FlussEnrichCatalogFactory.class",
                        // Fluss's Flink connector of the line and flink-connector-base
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
     * Flink's (SqlTypeName with VARIANT, from Flink 2.1), not calcite-core's.
     */
    @Test
    void keepsFlinksVersionsOfCalciteClasses() throws Exception {
        assumeThat(FLINK_VERSION).as("Flink 1.20's parser has no VARIANT").doesNotStartWith("1.");
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
     * Fluss's Flink connector of this Flink line and flink-connector-base of this Flink version,
     * byte for byte: the jar's Fluss adapter classes and connector-base classes are those of the
     * jars the build was told to bundle.
     */
    @Test
    void bundlesFlussConnectorAndConnectorBaseOfItsFlinkVersion() throws IOException {
        assertSameEntries(System.getProperty("fluss.flink.jar"), "org/apache/fluss/flink/adapter/");
        assertSameEntries(
                System.getProperty("connector.base.jar"), "org/apache/flink/connector/base/");
    }

    private static void assertSameEntries(String expectedJar, String prefix) throws IOException {
        assertThat(expectedJar).as("path of the jar to compare with").isNotBlank();
        try (JarFile expected = new JarFile(expectedJar)) {
            List<JarEntry> classes =
                    expected.stream()
                            .filter(e -> e.getName().startsWith(prefix))
                            .filter(e -> e.getName().endsWith(".class"))
                            .toList();
            assertThat(classes).as(prefix + " in " + expectedJar).isNotEmpty();
            for (JarEntry entry : classes) {
                JarEntry bundled = jar.getJarEntry(entry.getName());
                assertThat(bundled).as(entry.getName()).isNotNull();
                try (InputStream want = expected.getInputStream(entry);
                        InputStream have = jar.getInputStream(bundled)) {
                    assertThat(have.readAllBytes())
                            .as(entry.getName() + " as in " + expectedJar)
                            .isEqualTo(want.readAllBytes());
                }
            }
        }
    }

    /**
     * Every class of ours in the jar resolves its fields', methods' and constructors' types on
     * this Flink version (what Java serialization of a sink or Flink's reflection does): an adapter
     * of another Flink line (a Flink 1.20 {@code Sink.InitContext} on Flink 2.x) or a type of a
     * newer Flink fails here.
     */
    @Test
    void everyClassOfOursResolvesItsSignaturesOnThisFlink() throws Exception {
        List<String> unresolved = new ArrayList<>();
        int checked = 0;
        try (URLClassLoader loader = isolatedLoader()) {
            for (String entry : ourClasses()) {
                String name = entry.substring(0, entry.length() - ".class".length());
                try {
                    Class<?> c = Class.forName(name.replace('/', '.'), false, loader);
                    c.getDeclaredFields();
                    c.getDeclaredMethods();
                    c.getDeclaredConstructors();
                    checked++;
                } catch (LinkageError | ClassNotFoundException e) {
                    unresolved.add(name + ": " + e);
                }
            }
        }
        assertThat(unresolved).as("classes of ours that Flink " + FLINK_VERSION + " cannot resolve")
                .isEmpty();
        assertThat(checked).isGreaterThan(100);
    }

    /** The adapters of the jar's Flink line: Flink 2.x's gateway service also deploys scripts. */
    @Test
    void carriesTheAdaptersOfItsFlinkLine() throws Exception {
        try (URLClassLoader loader = isolatedLoader()) {
            Class<?> gateway =
                    Class.forName("dev.flussenrich.adapter.SqlGatewayServiceAdapter", false, loader);
            Class<?> sink = Class.forName("dev.flussenrich.adapter.SinkAdapter", false, loader);
            List<String> gatewayMethods =
                    Arrays.stream(gateway.getDeclaredMethods()).map(Method::getName).toList();
            long writerFactories =
                    Arrays.stream(sink.getDeclaredMethods())
                            .filter(m -> m.getName().equals("createWriter"))
                            .count();
            if (FLINK_VERSION.startsWith("1.")) {
                assertThat(gatewayMethods).doesNotContain("deployScript");
                assertThat(writerFactories).isEqualTo(2);
            } else {
                assertThat(gatewayMethods).contains("deployScript");
                assertThat(writerFactories).isZero();
            }
        }
    }

    /**
     * Every class of Fluss's Flink connector that our code can reach loads and initializes on this
     * Flink version: the classes our classes name, and the ones the Fluss methods we call use,
     * transitively inside Fluss's Flink connector (static initializers and lambda bodies
     * included). Fluss publishes no connector for Flink 2.3, and some of fluss-flink-2.2's classes
     * cannot load there: {@code FlinkConversions.toFlussTable} reaches {@code
     * FlinkConnectorOptions}, which needs a class 2.3 removed. Calling such a method fails here.
     */
    @Test
    void everyFlussConnectorClassWeReachLoadsOnThisFlink() throws Exception {
        Set<String> reached = flussConnectorClassesReached();
        assertThat(reached)
                .contains(
                        "org/apache/fluss/flink/utils/FlinkConversions",
                        "org/apache/fluss/flink/row/FlinkAsFlussRow");
        List<String> failed = new ArrayList<>();
        try (URLClassLoader loader = isolatedLoader()) {
            for (String name : reached) {
                try {
                    Class.forName(name.replace('/', '.'), true, loader);
                } catch (LinkageError | ClassNotFoundException e) {
                    failed.add(name + ": " + e);
                }
            }
        }
        assertThat(failed)
                .as("Fluss connector classes that Flink " + FLINK_VERSION + " cannot load")
                .isEmpty();
    }

    private static boolean isFlussConnector(String internalName) {
        return internalName.startsWith("org/apache/fluss/flink/");
    }

    private static Set<String> flussConnectorClassesReached() throws IOException {
        Map<String, Optional<ClassFile>> parsed = new HashMap<>();
        Set<String> classes = new TreeSet<>();
        Deque<ClassFile.Member> toVisit = new ArrayDeque<>();
        for (String entry : ourClasses()) {
            ClassFile ours = classFile(entry.substring(0, entry.length() - 6), parsed).orElseThrow();
            ours.referencedClasses().stream().filter(ShadedJarContentIT::isFlussConnector)
                    .forEach(classes::add);
            ours.referencedMembers().stream()
                    .filter(member -> isFlussConnector(member.owner()))
                    .forEach(toVisit::add);
        }
        classes.forEach(name -> toVisit.add(new ClassFile.Member(name, "<clinit>", "()V")));
        Set<ClassFile.Member> visited = new HashSet<>();
        while (!toVisit.isEmpty()) {
            ClassFile.Member method = toVisit.poll();
            if (!visited.add(method)) {
                continue;
            }
            Optional<ClassFile> owner = classFile(method.owner(), parsed);
            if (owner.isEmpty()) {
                continue;
            }
            Set<String> usedClasses = new HashSet<>();
            Set<ClassFile.Member> usedMembers = new HashSet<>();
            owner.get().usedBy(method.name() + method.descriptor(), usedClasses, usedMembers);
            for (String lambda : owner.get().lambdasOf(method.name())) {
                owner.get().usedBy(lambda, usedClasses, usedMembers);
            }
            for (String used : usedClasses) {
                if (isFlussConnector(used) && classes.add(used)) {
                    toVisit.add(new ClassFile.Member(used, "<clinit>", "()V"));
                }
            }
            usedMembers.stream()
                    .filter(member -> isFlussConnector(member.owner()))
                    .forEach(toVisit::add);
        }
        return classes;
    }

    private static Optional<ClassFile> classFile(
            String internalName, Map<String, Optional<ClassFile>> parsed) throws IOException {
        if (!parsed.containsKey(internalName)) {
            JarEntry entry = jar.getJarEntry(internalName + ".class");
            if (entry == null) {
                parsed.put(internalName, Optional.empty());
            } else {
                try (InputStream in = jar.getInputStream(entry)) {
                    parsed.put(internalName, Optional.of(ClassFile.parse(in.readAllBytes())));
                }
            }
        }
        return parsed.get(internalName);
    }

    private static List<String> ourClasses() {
        return entries.stream()
                .filter(e -> e.startsWith("dev/flussenrich/") && !e.startsWith(SHADED))
                .filter(e -> e.endsWith(".class"))
                .toList();
    }

    /**
     * The statement planner, loaded from the jar with only Flink below it, parses an INSERT with
     * the relocated parser and rewrites it.
     */
    @Test
    void statementPlannerRunsFromTheJar() throws Exception {
        try (URLClassLoader loader = isolatedLoader()) {
            Class<?> plannerClass =
                    Class.forName("dev.flussenrich.sql.planner.StatementPlanner", true, loader);
            Class<?> lookupClass = Class.forName("dev.flussenrich.sql.planner.TargetLookup", true, loader);
            Class<?> targetClass =
                    Class.forName("dev.flussenrich.sql.planner.EnrichmentTarget", true, loader);
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
                        () -> Class.forName("dev.flussenrich.sql.planner.StatementPlanner", false, flink))
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
