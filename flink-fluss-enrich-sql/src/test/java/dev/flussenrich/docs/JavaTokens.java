/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.docs;

import java.util.ArrayList;
import java.util.List;

/** Java source cut into tokens, as far as finding string literals and calls needs. */
final class JavaTokens {

    private JavaTokens() {}

    /** A token of Java source: a string literal (decoded), an identifier, or one symbol. */
    record Token(String text, boolean string, int line) {
        boolean is(String symbol) {
            return !string && text.equals(symbol);
        }

        boolean isIdentifier() {
            return !string && Character.isJavaIdentifierStart(text.charAt(0));
        }
    }

    static List<Token> tokenize(String s) {
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
