/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.apache.flink.annotation.Internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text-level work on SQL that must not be fooled by quotes or comments: splitting a script into
 * statements and turning the shorthand hint {@code /*+ enrichment.group='g' *}{@code /} into the
 * {@code OPTIONS} hint Flink understands.
 */
@Internal
public final class SqlText {

    private static final Pattern SHORTHAND_HINT =
            Pattern.compile(
                    "/\\*\\+\\s*enrichment\\.group\\s*=\\s*'((?:[^']|'')*)'\\s*\\*/",
                    Pattern.CASE_INSENSITIVE);

    private SqlText() {}

    /**
     * The statements of a script, split at top-level semicolons, trimmed, without empty ones.
     * Comments stay inside the statement they are in.
     */
    public static List<String> splitStatements(String script) {
        List<String> statements = new ArrayList<>();
        int start = 0;
        int i = 0;
        while (i < script.length()) {
            int skipped = skipQuotedOrComment(script, i);
            if (skipped != i) {
                i = skipped;
            } else if (script.charAt(i) == ';') {
                addIfNotBlank(statements, script.substring(start, i));
                start = ++i;
            } else {
                i++;
            }
        }
        addIfNotBlank(statements, script.substring(start));
        return statements;
    }

    /** Replaces every shorthand enrichment hint outside string literals by its OPTIONS form. */
    public static String normalizeShorthandHints(String statement) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < statement.length()) {
            Matcher hint = SHORTHAND_HINT.matcher(statement).region(i, statement.length());
            if (hint.lookingAt()) {
                out.append("/*+ OPTIONS('enrichment.group'='")
                        .append(hint.group(1))
                        .append("') */");
                i = hint.end();
                continue;
            }
            int skipped = skipQuotedOrComment(statement, i);
            int next = skipped == i ? i + 1 : skipped;
            out.append(statement, i, next);
            i = next;
        }
        return out.toString();
    }

    /** The statement without the comments and whitespace in front of it. */
    public static String stripLeadingComments(String text) {
        int i = 0;
        while (i < text.length()) {
            boolean hint = text.startsWith("/*+", i);
            if (!hint && (text.startsWith("--", i) || text.startsWith("/*", i))) {
                i = skipQuotedOrComment(text, i);
            } else if (Character.isWhitespace(text.charAt(i))) {
                i++;
            } else {
                break;
            }
        }
        return text.substring(i);
    }

    private static void addIfNotBlank(List<String> statements, String statement) {
        if (!stripLeadingComments(statement).isBlank()) {
            statements.add(statement.trim());
        }
    }

    /** The index after the literal, quoted identifier or comment starting at i; i if none does. */
    private static int skipQuotedOrComment(String text, int i) {
        char c = text.charAt(i);
        if (c == '\'' || c == '"' || c == '`') {
            int j = i + 1;
            while (j < text.length()) {
                if (text.charAt(j) == c) {
                    // a doubled quote is an escaped quote
                    if (j + 1 < text.length() && text.charAt(j + 1) == c) {
                        j += 2;
                        continue;
                    }
                    return j + 1;
                }
                j++;
            }
            return text.length();
        }
        if (text.startsWith("--", i)) {
            int end = text.indexOf('\n', i);
            return end < 0 ? text.length() : end + 1;
        }
        if (text.startsWith("/*", i)) {
            int end = text.indexOf("*/", i + 2);
            return end < 0 ? text.length() : end + 2;
        }
        return i;
    }
}
