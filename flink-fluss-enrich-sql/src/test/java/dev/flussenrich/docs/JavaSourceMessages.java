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
 * The string texts of the main sources of every module: each string literal, with the literals and
 * operands concatenated to it ({@code "Table '" + path + "' ..."}) joined into one {@link
 * MessagePattern}. Also finds which of them are messages of given exception types: the text given
 * to {@code new Type(...)}, to {@code super(...)} in a subclass, to a method of the file that
 * returns the type ({@code reject("...")}) or to a {@code Function<String, Type>} parameter, and
 * the text of the string-returning methods such a place calls ({@code orderByReason()}, {@code
 * TargetColumns.unknownGroupMessage(...)}). Not seen: messages built in a variable first, or passed
 * through a method of another class that is not named at the call.
 */
final class JavaSourceMessages {

    /** A concatenated text of a source file. */
    record Text(Path file, int line, MessagePattern pattern) {
        String where(Path root) {
            Path base = root.toAbsolutePath().normalize();
            return base.relativize(file.toAbsolutePath().normalize()) + ":" + line;
        }
    }

    private final List<SourceFile> files = new ArrayList<>();
    private final Map<String, SourceFile> byClassName = new HashMap<>();

    private JavaSourceMessages() {}

    /** Reads every {@code .java} file under a {@code src/main/java} folder below {@code root}. */
    static JavaSourceMessages read(Path root) {
        JavaSourceMessages sources = new JavaSourceMessages();
        for (Path file : mainSourceFiles(root)) {
            SourceFile source = new SourceFile(file);
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
        for (SourceFile file : files) {
            for (Chain chain : file.chains) {
                texts.add(file.text(chain));
            }
        }
        return texts;
    }

    /** The texts that become the message of an exception of one of {@code types}. */
    List<Text> messagesOf(Set<String> types) {
        Set<String> factories = new HashSet<>();
        for (SourceFile file : files) {
            factories.addAll(file.factoryNames(types));
        }
        List<Text> messages = new ArrayList<>();
        for (SourceFile file : files) {
            for (int[] range : file.messageArguments(types, factories)) {
                collect(file, range[0], range[1], messages, new HashSet<>());
            }
        }
        return messages;
    }

    /** The texts in tokens [from, to) of a file, and in the string methods called there. */
    private void collect(
            SourceFile file, int from, int to, List<Text> out, Set<String> visitedMethods) {
        for (Chain chain : file.chains) {
            if (chain.start >= from && chain.start < to) {
                out.add(file.text(chain));
            }
        }
        List<Token> t = file.tokens;
        for (int i = from; i < to; i++) {
            if (!t.get(i).isIdentifier()) {
                continue;
            }
            String name = t.get(i).text;
            boolean qualified = i > 1 && t.get(i - 1).is(".");
            String qualifier = qualified ? t.get(i - 2).text : null;
            boolean call = i + 1 < t.size() && t.get(i + 1).is("(");
            if (call) {
                if (!visitedMethods.add(name)) {
                    continue;
                }
                for (SourceFile owner : ownersOf(file, name, qualifier)) {
                    for (int[] body : owner.stringMethodBodies(name)) {
                        collect(owner, body[0], body[1], out, visitedMethods);
                    }
                }
            } else {
                // a String constant or variable: ORDER_BY, RejectionMessages.WINDOW
                SourceFile owner =
                        !qualified
                                ? file
                                : qualifier != null && isClassName(qualifier)
                                        ? byClassName.get(qualifier)
                                        : null;
                Chain named = owner == null ? null : owner.named.get(name);
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
    private List<SourceFile> ownersOf(SourceFile caller, String method, String qualifier) {
        if (qualifier == null) {
            return List.of(caller);
        }
        if (isClassName(qualifier)) {
            SourceFile owner = byClassName.get(qualifier);
            return owner == null ? List.of() : List.of(owner);
        }
        List<SourceFile> owners = new ArrayList<>();
        for (SourceFile file : files) {
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

    /** A token of Java source: a string literal (decoded), an identifier, or one symbol. */
    private record Token(String text, boolean string, int line) {
        boolean is(String symbol) {
            return !string && text.equals(symbol);
        }

        boolean isIdentifier() {
            return !string && Character.isJavaIdentifierStart(text.charAt(0));
        }
    }

    /** Literals joined by {@code +}, starting at token {@code start}. */
    private record Chain(int start, int line, String text) {}

    /** One source file, tokenized, with its concatenated texts. */
    private static final class SourceFile {
        final Path path;
        final List<Token> tokens;
        final List<Chain> chains;
        final Map<String, Chain> named;
        final String source;

        SourceFile(Path path) {
            this.path = path;
            try {
                this.source = Files.readString(path);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            this.tokens = tokenize(source);
            this.named = namedTexts(tokens);
            Map<String, String> values = new HashMap<>();
            named.forEach((name, chain) -> values.put(name, chain.text));
            this.chains = chains(tokens, values);
        }

        Text text(Chain chain) {
            return new Text(path, chain.line, MessagePattern.ofCode(chain.text));
        }

        /** The methods of this file that return one of the types, e.g. {@code reject(...)}. */
        Set<String> factoryNames(Set<String> types) {
            Set<String> factories = new HashSet<>();
            for (int i = 0; i + 2 < tokens.size(); i++) {
                Token a = tokens.get(i);
                Token b = tokens.get(i + 1);
                if (types.contains(a.text)
                        && b.isIdentifier()
                        && tokens.get(i + 2).is("(")
                        && !isNew(i)) {
                    factories.add(b.text);
                }
            }
            return factories;
        }

        /** Token ranges [from, to) of the arguments that become an exception's message. */
        List<int[]> messageArguments(Set<String> types, Set<String> factories) {
            Set<String> functions = new HashSet<>();
            boolean subclass = false;
            for (int i = 0; i + 2 < tokens.size(); i++) {
                Token a = tokens.get(i);
                Token b = tokens.get(i + 1);
                Token c = tokens.get(i + 2);
                if (types.contains(a.text) && b.is(">") && c.isIdentifier()) {
                    functions.add(
                            c.text); // e.g. Function<String, EnrichmentPlanningException> reject
                }
                if (a.is("extends") && types.contains(b.text)) {
                    subclass = true;
                }
            }
            List<int[]> ranges = new ArrayList<>();
            for (int i = 0; i + 1 < tokens.size(); i++) {
                Token a = tokens.get(i);
                Token b = tokens.get(i + 1);
                int open = -1;
                if (a.is("new") && types.contains(b.text) && i + 2 < tokens.size()) {
                    open = tokens.get(i + 2).is("(") ? i + 2 : -1;
                } else if (subclass && a.is("super") && b.is("(")) {
                    open = i + 1;
                } else if (factories.contains(a.text) && b.is("(") && !isDeclaration(i)) {
                    open = i + 1;
                } else if (functions.contains(a.text)
                        && b.is(".")
                        && i + 3 < tokens.size()
                        && tokens.get(i + 2).text.equals("apply")
                        && tokens.get(i + 3).is("(")) {
                    open = i + 3;
                }
                if (open >= 0) {
                    ranges.add(new int[] {open + 1, closing(open)});
                }
            }
            return ranges;
        }

        /** Token ranges of the bodies of the methods of this file named so that return String. */
        List<int[]> stringMethodBodies(String name) {
            List<int[]> bodies = new ArrayList<>();
            for (int i = 0; i + 2 < tokens.size(); i++) {
                if (tokens.get(i).is("String")
                        && tokens.get(i + 1).text.equals(name)
                        && tokens.get(i + 2).is("(")) {
                    int afterParameters = closing(i + 2) + 1;
                    if (afterParameters < tokens.size() && tokens.get(afterParameters).is("{")) {
                        bodies.add(new int[] {afterParameters + 1, closing(afterParameters)});
                    }
                }
            }
            return bodies;
        }

        private boolean isNew(int i) {
            return i > 0 && tokens.get(i - 1).is("new");
        }

        /** A method declaration: its name follows a type, not an operator or a dot. */
        private boolean isDeclaration(int i) {
            return i > 0
                    && tokens.get(i - 1).isIdentifier()
                    && !tokens.get(i - 1).is("return")
                    && !tokens.get(i - 1).is("throw");
        }

        /** The index of the bracket closing the one at {@code open}. */
        private int closing(int open) {
            int depth = 0;
            for (int i = open; i < tokens.size(); i++) {
                String s = tokens.get(i).string ? "" : tokens.get(i).text;
                if (s.equals("(") || s.equals("{") || s.equals("[")) {
                    depth++;
                } else if (s.equals(")") || s.equals("}") || s.equals("]")) {
                    depth--;
                    if (depth == 0) {
                        return i;
                    }
                }
            }
            return tokens.size();
        }

        /**
         * The texts of the file's {@code String name = "...";} variables and constants whose name
         * is declared once, so that {@code "... lookup joins: " + lookupExample} reads whole.
         */
        private static Map<String, Chain> namedTexts(List<Token> tokens) {
            Map<String, Chain> texts = new HashMap<>();
            Set<String> twice = new HashSet<>();
            for (int i = 0; i + 3 < tokens.size(); i++) {
                if (tokens.get(i).is("String")
                        && tokens.get(i + 1).isIdentifier()
                        && tokens.get(i + 2).is("=")
                        && tokens.get(i + 3).string) {
                    String name = tokens.get(i + 1).text;
                    Chain value = chains(tokens.subList(i + 3, tokens.size()), Map.of()).get(0);
                    Chain declared = new Chain(i + 3, value.line, value.text);
                    if (texts.put(name, declared) != null) {
                        twice.add(name);
                    }
                }
            }
            twice.forEach(texts::remove);
            return texts;
        }

        private static List<Chain> chains(List<Token> tokens, Map<String, String> named) {
            List<Chain> chains = new ArrayList<>();
            boolean[] used = new boolean[tokens.size()];
            for (int start = 0; start < tokens.size(); start++) {
                if (!tokens.get(start).string || used[start]) {
                    continue;
                }
                StringBuilder text = new StringBuilder();
                if (start > 0 && tokens.get(start - 1).is("+")) {
                    text.append(MessagePattern.HOLE); // "..." after a non-literal operand
                }
                int k = start;
                while (k < tokens.size()) {
                    if (tokens.get(k).string) {
                        text.append(tokens.get(k).text);
                        used[k] = true;
                        k++;
                    } else {
                        int end = endOfOperand(tokens, k);
                        String value = end == k + 1 ? named.get(tokens.get(k).text) : null;
                        text.append(value != null ? value : String.valueOf(MessagePattern.HOLE));
                        k = end;
                    }
                    if (k < tokens.size() && tokens.get(k).is("+")) {
                        k++;
                    } else {
                        break;
                    }
                }
                chains.add(new Chain(start, tokens.get(start).line, text.toString()));
            }
            return chains;
        }

        /** The index after a non-literal operand of {@code +}: a name, a call, a bracket. */
        private static int endOfOperand(List<Token> tokens, int k) {
            int depth = 0;
            for (int i = k; i < tokens.size(); i++) {
                Token t = tokens.get(i);
                if (t.string) {
                    continue;
                }
                switch (t.text) {
                    case "(", "[", "{" -> depth++;
                    case ")", "]", "}" -> {
                        if (depth == 0) {
                            return i;
                        }
                        depth--;
                    }
                    case "+", ",", ";", "?", ":" -> {
                        if (depth == 0) {
                            return i;
                        }
                    }
                    default -> {}
                }
            }
            return tokens.size();
        }

        private static List<Token> tokenize(String s) {
            List<Token> tokens = new ArrayList<>();
            int line = 1;
            int i = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '\n') {
                    line++;
                    i++;
                } else if (Character.isWhitespace(c)) {
                    i++;
                } else if (s.startsWith("//", i)) {
                    while (i < s.length() && s.charAt(i) != '\n') {
                        i++;
                    }
                } else if (s.startsWith("/*", i)) {
                    int end = s.indexOf("*/", i + 2);
                    end = end < 0 ? s.length() : end + 2;
                    line += count(s, i, end);
                    i = end;
                } else if (c == '"' || c == '\'') {
                    StringBuilder value = new StringBuilder();
                    int j = i + 1;
                    while (j < s.length() && s.charAt(j) != c) {
                        char d = s.charAt(j);
                        if (d == '\\' && j + 1 < s.length()) {
                            char e = s.charAt(j + 1);
                            value.append(
                                    switch (e) {
                                        case 'n' -> '\n';
                                        case 't' -> '\t';
                                        default -> e;
                                    });
                            j += 2;
                        } else {
                            value.append(d);
                            j++;
                        }
                    }
                    // a char literal is a symbol for our purpose, never part of a message
                    tokens.add(new Token(c == '"' ? value.toString() : "'", c == '"', line));
                    i = j + 1;
                } else if (Character.isJavaIdentifierStart(c) || Character.isDigit(c)) {
                    int j = i;
                    while (j < s.length() && Character.isJavaIdentifierPart(s.charAt(j))) {
                        j++;
                    }
                    tokens.add(new Token(s.substring(i, j), false, line));
                    i = j;
                } else {
                    tokens.add(new Token(String.valueOf(c), false, line));
                    i++;
                }
            }
            return tokens;
        }

        private static int count(String s, int from, int to) {
            int n = 0;
            for (int i = from; i < to; i++) {
                if (s.charAt(i) == '\n') {
                    n++;
                }
            }
            return n;
        }
    }
}
