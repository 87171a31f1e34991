/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The string texts of the main sources of every module ({@link JavaSourceFile}), and which of them
 * become the message of given exception types: the text given to {@code new Type(...)}, to {@code
 * super(...)} in a subclass, to any method declared to return the type ({@code
 * RejectionMessages.reject(target, group, reason)}) or to a {@code Function<String, Type>}
 * parameter; a {@code String} constant or variable named there (a {@code private static final
 * String} message or a local variable holding one); and the text of the string methods called
 * there: of the same file, of a named class ({@code TargetColumns.unknownGroupMessage(...)}), or of
 * the one file that declares a string method of that name ({@code literalOnlyReason(target,
 * group)}). Not seen: a message assembled from several parts in a variable first, or passed on by a
 * method whose name several files declare.
 */
final class JavaSourceMessages {

    /** A concatenated text of a source file. */
    record Text(Path file, int line, MessagePattern pattern) {
        String where(Path root) {
            Path base = root.toAbsolutePath().normalize();
            return base.relativize(file.toAbsolutePath().normalize()) + ":" + line;
        }
    }

    private final List<JavaSourceFile> files = new ArrayList<>();
    private final Map<String, JavaSourceFile> byClassName = new HashMap<>();

    private JavaSourceMessages() {}

    /** Reads every {@code .java} file under a {@code src/main/java} folder below {@code root}. */
    static JavaSourceMessages read(Path root) {
        JavaSourceMessages sources = new JavaSourceMessages();
        for (Path file : mainSourceFiles(root)) {
            JavaSourceFile source = new JavaSourceFile(file);
            sources.files.add(source);
            String name = file.getFileName().toString();
            sources.byClassName.put(name.substring(0, name.length() - ".java".length()), source);
        }
        return sources;
    }

    int fileCount() {
        return files.size();
    }

    /** Every concatenated text of every file. */
    List<Text> allTexts() {
        List<Text> texts = new ArrayList<>();
        for (JavaSourceFile file : files) {
            for (JavaSourceFile.Chain chain : file.chains) {
                texts.add(file.text(chain));
            }
        }
        return texts;
    }

    /** The texts that become the message of an exception of one of {@code types}. */
    List<Text> messagesOf(Set<String> types) {
        Set<String> factories = new HashSet<>();
        for (JavaSourceFile file : files) {
            factories.addAll(file.factoryNames(types));
        }
        List<Text> messages = new ArrayList<>();
        for (JavaSourceFile file : files) {
            for (int[] range : file.messageArguments(types, factories)) {
                collect(file, range[0], range[1], messages, new HashSet<>());
            }
        }
        return messages;
    }

    /** The texts in tokens [from, to) of a file, and in the string methods called there. */
    private void collect(
            JavaSourceFile file, int from, int to, List<Text> out, Set<String> visitedMethods) {
        for (JavaSourceFile.Chain chain : file.chains) {
            if (chain.start() >= from && chain.start() < to) {
                out.add(file.text(chain));
            }
        }
        List<JavaTokens.Token> t = file.tokens;
        for (int i = from; i < to; i++) {
            if (!t.get(i).isIdentifier()) {
                continue;
            }
            String name = t.get(i).text();
            boolean qualified = i > 1 && t.get(i - 1).is(".");
            String qualifier = qualified ? t.get(i - 2).text() : null;
            boolean call = i + 1 < t.size() && t.get(i + 1).is("(");
            if (call) {
                if (!visitedMethods.add(name)) {
                    continue;
                }
                for (JavaSourceFile owner : ownersOf(file, name, qualifier)) {
                    for (int[] body : owner.stringMethodBodies(name)) {
                        collect(owner, body[0], body[1], out, visitedMethods);
                    }
                }
            } else {
                // a String constant or variable: ORDER_BY, RejectionMessages.WINDOW
                JavaSourceFile owner =
                        !qualified
                                ? file
                                : qualifier != null && isClassName(qualifier)
                                        ? byClassName.get(qualifier)
                                        : null;
                JavaSourceFile.Chain named = owner == null ? null : owner.named.get(name);
                if (named != null) {
                    out.add(owner.text(named));
                }
            }
        }
    }

    /**
     * Where a called string method lives: this file for {@code m(...)}, class {@code C}'s file for
     * {@code C.m(...)}, and for {@code x.m(...)} the one file that declares a string method {@code
     * m} (none if several do: {@code name()}, {@code toString()}).
     */
    private List<JavaSourceFile> ownersOf(JavaSourceFile caller, String method, String qualifier) {
        if (qualifier == null) {
            return List.of(caller);
        }
        if (isClassName(qualifier)) {
            JavaSourceFile owner = byClassName.get(qualifier);
            return owner == null ? List.of() : List.of(owner);
        }
        List<JavaSourceFile> owners = new ArrayList<>();
        for (JavaSourceFile file : files) {
            if (!file.stringMethodBodies(method).isEmpty()) {
                owners.add(file);
            }
        }
        return owners.size() == 1 ? owners : List.of();
    }

    private static boolean isClassName(String identifier) {
        return Character.isUpperCase(identifier.charAt(0));
    }

    private static List<Path> mainSourceFiles(Path root) {
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(
                    root,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult preVisitDirectory(
                                Path dir, BasicFileAttributes attrs) {
                            String name =
                                    dir.getFileName() == null ? "" : dir.getFileName().toString();
                            boolean skip =
                                    name.equals("target")
                                            || name.equals("test")
                                            || (name.startsWith(".") && !dir.equals(root));
                            return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                            String path = file.toString().replace('\\', '/');
                            if (path.contains("/src/main/java/") && path.endsWith(".java")) {
                                found.add(file);
                            }
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }
}
