/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One main source file, tokenized, with its concatenated texts: each string literal with the
 * literals and operands joined to it by {@code +}. Finds where a file gives text to an exception.
 */
final class JavaSourceFile {

    /** Literals joined by {@code +}, starting at token {@code start}. */
    record Chain(int start, int line, String text) {}

    final Path path;
    final List<JavaTokens.Token> tokens;
    final List<Chain> chains;
    final Map<String, Chain> named;
    final String source;

    JavaSourceFile(Path path) {
        this.path = path;
        try {
            this.source = Files.readString(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.tokens = JavaTokens.tokenize(source);
        this.named = namedTexts(tokens);
        Map<String, String> values = new HashMap<>();
        named.forEach((name, chain) -> values.put(name, chain.text()));
        this.chains = chains(tokens, values);
    }

    JavaSourceMessages.Text text(Chain chain) {
        return new JavaSourceMessages.Text(path, chain.line(), MessagePattern.ofCode(chain.text()));
    }

    /** The methods of this file that return one of the types, e.g. {@code reject(...)}. */
    Set<String> factoryNames(Set<String> types) {
        Set<String> factories = new HashSet<>();
        for (int i = 0; i + 2 < tokens.size(); i++) {
            JavaTokens.Token a = tokens.get(i);
            JavaTokens.Token b = tokens.get(i + 1);
            if (types.contains(a.text())
                    && b.isIdentifier()
                    && tokens.get(i + 2).is("(")
                    && !isNew(i)) {
                factories.add(b.text());
            }
        }
        return factories;
    }

    /** Token ranges [from, to) of the arguments that become an exception's message. */
    List<int[]> messageArguments(Set<String> types, Set<String> factories) {
        Set<String> functions = new HashSet<>();
        boolean subclass = false;
        for (int i = 0; i + 2 < tokens.size(); i++) {
            JavaTokens.Token a = tokens.get(i);
            JavaTokens.Token b = tokens.get(i + 1);
            JavaTokens.Token c = tokens.get(i + 2);
            if (types.contains(a.text()) && b.is(">") && c.isIdentifier()) {
                functions.add(
                        c.text()); // e.g. Function<String, EnrichmentPlanningException> reject
            }
            if (a.is("extends") && types.contains(b.text())) {
                subclass = true;
            }
        }
        List<int[]> ranges = new ArrayList<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            JavaTokens.Token a = tokens.get(i);
            JavaTokens.Token b = tokens.get(i + 1);
            int open = -1;
            if (a.is("new") && types.contains(b.text()) && i + 2 < tokens.size()) {
                open = tokens.get(i + 2).is("(") ? i + 2 : -1;
            } else if (subclass && a.is("super") && b.is("(")) {
                open = i + 1;
            } else if (factories.contains(a.text()) && b.is("(") && !isDeclaration(i)) {
                open = i + 1;
            } else if (functions.contains(a.text())
                    && b.is(".")
                    && i + 3 < tokens.size()
                    && tokens.get(i + 2).text().equals("apply")
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
                    && tokens.get(i + 1).text().equals(name)
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
            String s = tokens.get(i).string() ? "" : tokens.get(i).text();
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
     * The texts of the file's {@code String name = "...";} variables and constants whose name is
     * declared once, so that {@code "... lookup joins: " + lookupExample} reads whole.
     */
    private static Map<String, Chain> namedTexts(List<JavaTokens.Token> tokens) {
        Map<String, Chain> texts = new HashMap<>();
        Set<String> twice = new HashSet<>();
        for (int i = 0; i + 3 < tokens.size(); i++) {
            if (tokens.get(i).is("String")
                    && tokens.get(i + 1).isIdentifier()
                    && tokens.get(i + 2).is("=")
                    && tokens.get(i + 3).string()) {
                String name = tokens.get(i + 1).text();
                Chain value = chains(tokens.subList(i + 3, tokens.size()), Map.of()).get(0);
                Chain declared = new Chain(i + 3, value.line(), value.text());
                if (texts.put(name, declared) != null) {
                    twice.add(name);
                }
            }
        }
        twice.forEach(texts::remove);
        return texts;
    }

    private static List<Chain> chains(List<JavaTokens.Token> tokens, Map<String, String> named) {
        List<Chain> chains = new ArrayList<>();
        boolean[] used = new boolean[tokens.size()];
        for (int start = 0; start < tokens.size(); start++) {
            if (!tokens.get(start).string() || used[start]) {
                continue;
            }
            StringBuilder text = new StringBuilder();
            if (start > 0 && tokens.get(start - 1).is("+")) {
                text.append(MessagePattern.HOLE); // "..." after a non-literal operand
            }
            int k = start;
            while (k < tokens.size()) {
                if (tokens.get(k).string()) {
                    text.append(tokens.get(k).text());
                    used[k] = true;
                    k++;
                } else {
                    int end = endOfOperand(tokens, k);
                    String value = end == k + 1 ? named.get(tokens.get(k).text()) : null;
                    text.append(value != null ? value : String.valueOf(MessagePattern.HOLE));
                    k = end;
                }
                if (k < tokens.size() && tokens.get(k).is("+")) {
                    k++;
                } else {
                    break;
                }
            }
            chains.add(new Chain(start, tokens.get(start).line(), text.toString()));
        }
        return chains;
    }

    /** The index after a non-literal operand of {@code +}: a name, a call, a bracket. */
    private static int endOfOperand(List<JavaTokens.Token> tokens, int k) {
        int depth = 0;
        for (int i = k; i < tokens.size(); i++) {
            JavaTokens.Token t = tokens.get(i);
            if (t.string()) {
                continue;
            }
            switch (t.text()) {
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
}
