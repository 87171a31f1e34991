/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.apache.flink.annotation.Internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /** The head of a statement set written as one statement; group 1: what follows BEGIN. */
    private static final Pattern STATEMENT_SET_BEGIN =
            Pattern.compile("(?is)\\bSTATEMENT\\s+SET\\s+BEGIN\\b(.*)");

    private static final Pattern END_KEYWORD = Pattern.compile("(?i)END\\b");

    private SqlText() {}

    /**
     * The statements of a script, split at top-level semicolons, trimmed, without empty ones.
     * Comments stay inside the statement they are in.
     *
     * <p>A statement set written as one statement ({@code [EXPLAIN ...|EXECUTE] STATEMENT SET BEGIN
     * <insert>; ... END}, any case) stays one statement: the semicolons that end its INSERTs do not
     * end it; the {@code END} that follows one of them closes it (an {@code END} of a {@code CASE}
     * inside an INSERT is not one: it never follows a semicolon). The SQL Client's {@code BEGIN
     * STATEMENT SET;}, INSERTs, {@code END;} are statements of their own and split like any other.
     */
    public static List<String> splitStatements(String script) {
        List<String> statements = new ArrayList<>();
        int start = 0;
        int i = 0;
        // whether the current statement was looked at for a statement set, and whether it is one
        boolean classified = false;
        boolean inStatementSet = false;
        while (i < script.length()) {
            int skipped = skipQuotedOrComment(script, i);
            if (skipped != i) {
                i = skipped;
                continue;
            }
            if (script.charAt(i) != ';') {
                i++;
                continue;
            }
            if (!classified) {
                // the first semicolon of a statement set ends its first INSERT, not the set
                inStatementSet = opensStatementSet(script.substring(start, i));
                classified = true;
            }
            i++;
            if (inStatementSet) {
                // inside the set: the semicolon ends an INSERT; an END next closes the set, and
                // the statement then ends at the next semicolon, as any other does
                int end = endKeywordAt(script, i);
                if (end >= 0) {
                    inStatementSet = false;
                    i = end;
                }
                continue;
            }
            addIfNotBlank(statements, script.substring(start, i - 1));
            start = i;
            classified = false;
        }
        addIfNotBlank(statements, script.substring(start));
        return statements;
    }

    /**
     * Whether a statement's text up to its first semicolon opens a statement set written as one
     * statement: {@code STATEMENT SET BEGIN} outside literals and comments, and not followed by
     * {@code END} at once (an empty set is Flink's to refuse, and holds no semicolon to skip).
     */
    private static boolean opensStatementSet(String text) {
        Matcher head = STATEMENT_SET_BEGIN.matcher(blankQuotedAndComments(text));
        return head.find() && !head.group(1).strip().toUpperCase(Locale.ROOT).equals("END");
    }

    /** The index after an {@code END} keyword that is the next token from i; -1 if none is. */
    private static int endKeywordAt(String text, int i) {
        int j = i;
        while (j < text.length()) {
            if (Character.isWhitespace(text.charAt(j))) {
                j++;
            } else if (text.startsWith("--", j)
                    || (text.startsWith("/*", j) && !text.startsWith("/*+", j))) {
                j = skipQuotedOrComment(text, j);
            } else {
                break;
            }
        }
        Matcher end = END_KEYWORD.matcher(text).region(j, text.length());
        return end.lookingAt() ? end.end() : -1;
    }

    /** The text with each literal, quoted identifier and comment replaced by one space. */
    private static String blankQuotedAndComments(String text) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int skipped = skipQuotedOrComment(text, i);
            if (skipped != i) {
                out.append(' ');
                i = skipped;
            } else {
                out.append(text.charAt(i++));
            }
        }
        return out.toString();
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
    static int skipQuotedOrComment(String text, int i) {
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
