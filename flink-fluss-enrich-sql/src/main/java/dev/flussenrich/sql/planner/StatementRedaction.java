/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.GlobalConfiguration;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Statement text as it may be shown: in a message, a log line, the script runner's output. The
 * value of every option whose key names a secret is replaced by {@code '******'}, the way Flink
 * hides them in its configuration and its logs ({@link GlobalConfiguration#isSensitive}: keys that
 * contain {@code password}, {@code secret}, {@code token}, {@code jaas.config}, ..., the running
 * Flink's own list), wherever the option is written: {@code WITH} clauses, {@code OPTIONS} hints,
 * {@code SET} statements.
 *
 * <p>An option is a key (a string literal, a quoted identifier or a bare name) followed by {@code
 * =} and a string literal, as Flink's grammar writes them; a {@code SET} whose value is not quoted
 * is hidden from its {@code =} to the end. Text that only a caller knows is secret (a value
 * substituted into the script, a message of Flink that repeats it) is hidden with {@link
 * #hide(String, Collection)}.
 */
@Internal
public final class StatementRedaction {

    /** What a hidden value shows: Flink's own. */
    public static final String HIDDEN = GlobalConfiguration.HIDDEN_CONTENT;

    private static final Pattern UNQUOTED_SET =
            Pattern.compile("(?is)^(\\s*SET\\s+)([A-Za-z0-9_$.\\-]+)(\\s*=)(?!\\s*')(.*)$");

    private StatementRedaction() {}

    /** The text with the value of every option whose key names a secret hidden. */
    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        Matcher set = UNQUOTED_SET.matcher(text);
        if (set.matches() && GlobalConfiguration.isSensitive(set.group(2))) {
            return set.group(1) + set.group(2) + set.group(3) + " " + HIDDEN;
        }
        StringBuilder out = new StringBuilder();
        scan(text, out, null);
        return out.toString();
    }

    /**
     * The values of the options in the text whose keys name a secret, as written between the quotes
     * and with doubled quotes undone: where a message repeats one of them, {@link #hide} finds it.
     */
    public static Set<String> secretValues(String text) {
        Set<String> secrets = new LinkedHashSet<>();
        Matcher set = UNQUOTED_SET.matcher(text);
        if (set.matches() && GlobalConfiguration.isSensitive(set.group(2))) {
            addIfNotBlank(secrets, set.group(4).strip());
        } else {
            scan(text, new StringBuilder(), secrets);
        }
        return secrets;
    }

    /** The text with every occurrence of each secret replaced by {@link #HIDDEN}. */
    public static String hide(String text, Collection<String> secrets) {
        if (text == null || secrets.isEmpty()) {
            return text;
        }
        List<String> longestFirst = new ArrayList<>(secrets);
        longestFirst.sort(Comparator.comparingInt(String::length).reversed());
        String hidden = text;
        for (String secret : longestFirst) {
            if (!secret.isEmpty()) {
                hidden = hidden.replace(secret, HIDDEN);
            }
        }
        return hidden;
    }

    /** Whether the text holds one of the secrets. */
    public static boolean holdsAny(String text, Collection<String> secrets) {
        if (text == null) {
            return false;
        }
        for (String secret : secrets) {
            if (!secret.isEmpty() && text.contains(secret)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The throwable if no message of its cause chain holds one of the secrets; else a copy of the
     * chain (same classes named, same stack traces) whose messages have them hidden.
     */
    public static Throwable hideIn(Throwable throwable, Collection<String> secrets) {
        if (throwable == null || !chainHoldsAny(throwable, secrets)) {
            return throwable;
        }
        return copyHiding(throwable, secrets, new IdentityHashMap<>());
    }

    private static boolean chainHoldsAny(Throwable throwable, Collection<String> secrets) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = throwable; t != null && seen.put(t, true) == null; t = t.getCause()) {
            if (holdsAny(t.getMessage(), secrets) || holdsAny(t.toString(), secrets)) {
                return true;
            }
            for (Throwable suppressed : t.getSuppressed()) {
                if (chainHoldsAny(suppressed, secrets)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Throwable copyHiding(
            Throwable original, Collection<String> secrets, Map<Throwable, Throwable> copies) {
        Throwable done = copies.get(original);
        if (done != null) {
            return done;
        }
        HiddenSecretsException copy =
                new HiddenSecretsException(
                        original.getClass().getName(), hide(original.getMessage(), secrets));
        copies.put(original, copy);
        copy.setStackTrace(original.getStackTrace());
        if (original.getCause() != null) {
            copy.initCause(copyHiding(original.getCause(), secrets, copies));
        }
        for (Throwable suppressed : original.getSuppressed()) {
            copy.addSuppressed(copyHiding(suppressed, secrets, copies));
        }
        return copy;
    }

    /**
     * An exception of the cause chain whose message held a secret, with the secret hidden; shown
     * with the class name of the exception it stands for.
     */
    public static final class HiddenSecretsException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final String originalClass;

        HiddenSecretsException(String originalClass, String message) {
            super(message);
            this.originalClass = originalClass;
        }

        /** The class of the exception this one stands for. */
        public String originalClass() {
            return originalClass;
        }

        @Override
        public String toString() {
            String message = getLocalizedMessage();
            return message == null ? originalClass : originalClass + ": " + message;
        }
    }

    /**
     * Copies the text to out, hiding each secret option value; adds those values to secrets if it
     * is not null.
     */
    private static void scan(String text, StringBuilder out, Set<String> secrets) {
        int i = 0;
        while (i < text.length()) {
            if (text.startsWith("--", i) || text.startsWith("/*", i)) {
                // a comment may hold an option too; its quotes do not pair with the text's
                int end = SqlText.skipQuotedOrComment(text, i);
                out.append(text, i, i + 2);
                scan(text.substring(i + 2, end), out, secrets);
                i = end;
                continue;
            }
            int keyEnd = keyEnd(text, i);
            if (keyEnd < 0) {
                int next = SqlText.skipQuotedOrComment(text, i);
                next = next == i ? i + 1 : next;
                out.append(text, i, next);
                i = next;
                continue;
            }
            int valueStart = valueStart(text, keyEnd);
            if (valueStart >= 0 && GlobalConfiguration.isSensitive(key(text, i, keyEnd))) {
                int valueEnd = SqlText.skipQuotedOrComment(text, valueStart);
                boolean closed = valueEnd - valueStart >= 2 && text.charAt(valueEnd - 1) == '\'';
                String value = text.substring(valueStart + 1, closed ? valueEnd - 1 : valueEnd);
                if (secrets != null) {
                    addIfNotBlank(secrets, value);
                    addIfNotBlank(secrets, value.replace("''", "'"));
                }
                out.append(text, i, valueStart).append('\'').append(HIDDEN).append('\'');
                i = valueEnd;
            } else {
                out.append(text, i, keyEnd);
                i = keyEnd;
            }
        }
    }

    /** The end of the key token (literal, quoted identifier or bare name) at i; -1 if none. */
    private static int keyEnd(String text, int i) {
        char c = text.charAt(i);
        if (c == '\'' || c == '"' || c == '`') {
            return SqlText.skipQuotedOrComment(text, i);
        }
        if (!isNameChar(c) || (i > 0 && isNameChar(text.charAt(i - 1)))) {
            return -1;
        }
        int j = i;
        while (j < text.length() && isNameChar(text.charAt(j))) {
            j++;
        }
        return j;
    }

    /** A character of a bare option name: {@code a-z A-Z 0-9 _ $ . -}. */
    private static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '_'
                || c == '$'
                || c == '.'
                || c == '-';
    }

    /** The start of the string literal after {@code =} that follows the key; -1 if none. */
    private static int valueStart(String text, int keyEnd) {
        int j = skipSpace(text, keyEnd);
        if (j >= text.length() || text.charAt(j) != '=') {
            return -1;
        }
        j = skipSpace(text, j + 1);
        return j < text.length() && text.charAt(j) == '\'' ? j : -1;
    }

    private static int skipSpace(String text, int i) {
        int j = i;
        while (j < text.length()) {
            if (Character.isWhitespace(text.charAt(j))) {
                j++;
            } else if (text.startsWith("--", j) || text.startsWith("/*", j)) {
                j = SqlText.skipQuotedOrComment(text, j);
            } else {
                break;
            }
        }
        return j;
    }

    /** The key's name: without its quotes, doubled quotes undone. */
    private static String key(String text, int start, int end) {
        char quote = text.charAt(start);
        if (quote != '\'' && quote != '"' && quote != '`') {
            return text.substring(start, end);
        }
        boolean closed = end - start >= 2 && text.charAt(end - 1) == quote;
        String inner = text.substring(start + 1, closed ? end - 1 : end);
        return inner.replace(String.valueOf(quote) + quote, String.valueOf(quote));
    }

    private static void addIfNotBlank(Set<String> secrets, String value) {
        if (!value.isBlank()) {
            secrets.add(value);
        }
    }
}
