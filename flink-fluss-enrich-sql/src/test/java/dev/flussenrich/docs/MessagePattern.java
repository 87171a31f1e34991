/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.docs;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message with holes: fixed text, and places where a value stands. The docs write a value as
 * {@code <name>} and leave text out with {@code ...}; the code has a format specifier ({@code %s})
 * or a non-literal operand of a string concatenation. Two patterns match when some message is an
 * instance of both, where a value of one side may stand for at most {@link #HOLE_LIMIT} fixed
 * characters of the other side and never for a quote ({@code '}): so {@code %s} may be {@code a
 * bucket key} in the docs, but a value cannot swallow a sentence or shift the quoted names of a
 * message against each other. An elision ({@code ...}) stands for any text.
 */
final class MessagePattern {

    /** Stands for a hole; never part of a message. */
    static final char HOLE = '\u0000';

    /** Any text, without limit: an elision of the docs, or around a code text inside a message. */
    private static final char ANY = '\u0001';

    private static final Pattern DOC_VALUE = Pattern.compile("<[^<>]{1,60}>");
    private static final Pattern DOC_ELISION = Pattern.compile("\\.\\.\\.|…");
    private static final Pattern FORMAT_SPECIFIER =
            Pattern.compile("%(?:\\d+\\$)?[-#+ 0,(]*\\d*(?:\\.\\d+)?[a-zA-Z%]");
    private static final Pattern WORD =
            Pattern.compile("[^\\s" + HOLE + ANY + "]*[A-Za-z]{2}[^\\s" + HOLE + ANY + "]*");

    /** How many fixed characters of the other side one value may stand for. */
    static final int HOLE_LIMIT = 40;

    /** No common instance. */
    private static final int NONE = Integer.MAX_VALUE;

    private final String text;

    private MessagePattern(String text) {
        this.text = text;
    }

    /** A message as the docs show it: {@code Table '<db.t>' has no column group '<g>'.} */
    static MessagePattern ofDoc(String message) {
        String elided = DOC_ELISION.matcher(message).replaceAll(String.valueOf(ANY));
        return new MessagePattern(collapse(DOC_VALUE.matcher(elided).replaceAll(hole())));
    }

    /** Code text whose holes are already {@link #HOLE}; format specifiers become holes too. */
    static MessagePattern ofCode(String text) {
        Matcher m = FORMAT_SPECIFIER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String spec = m.group();
            String replacement = spec.equals("%%") ? "%" : spec.equals("%n") ? "\n" : hole();
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return new MessagePattern(collapse(out.toString()));
    }

    /** Whether a documented message (this) and a code text can be the same message, whole. */
    boolean matches(MessagePattern code) {
        return endsAgree(code) && mostlyLiteral(cost(text, code.text, false), code.fixedLength());
    }

    /**
     * Whether a code text (this) can occur inside the documented message {@code doc}. Here an
     * elision of the docs is held to the limit of a value too: {@code SELECT ...} and {@code
     * <reason>} do not stand for every reason.
     */
    boolean occursIn(MessagePattern doc) {
        return sharesAWindowWith(doc)
                && mostlyLiteral(cost(doc.text, ANY + text + ANY, true), fixedLength());
    }

    /** At most half of the code's fixed text stood in for by values or elisions of the docs. */
    private static boolean mostlyLiteral(int cost, int fixed) {
        return cost != NONE && 2L * cost <= fixed;
    }

    /** How many characters of the message are fixed text, not holes. */
    int fixedLength() {
        int fixed = 0;
        for (int i = 0; i < text.length(); i++) {
            if (!isHole(text.charAt(i))) {
                fixed++;
            }
        }
        return fixed;
    }

    /** How many words (between spaces or holes, with two letters in a row) the fixed text holds. */
    int words() {
        Matcher m = WORD.matcher(text);
        int words = 0;
        while (m.find()) {
            words++;
        }
        return words;
    }

    /** The pattern with its holes shown as {@code <…>}, as a row of docs/errors.md writes them. */
    String shown() {
        return text.replace(String.valueOf(HOLE), "<…>").replace(String.valueOf(ANY), "...");
    }

    /**
     * A quick test that cannot reject a real match: where both patterns start (end) with fixed
     * text, the shorter of the two fixed starts (ends) must begin (end) the other.
     */
    private boolean endsAgree(MessagePattern other) {
        String a = text;
        String b = other.text;
        String headA = a.substring(0, indexOfHoleOrLength(a));
        String headB = b.substring(0, indexOfHoleOrLength(b));
        if (!headA.startsWith(headB) && !headB.startsWith(headA)) {
            return false;
        }
        String tailA = a.substring(Math.max(a.lastIndexOf(HOLE), a.lastIndexOf(ANY)) + 1);
        String tailB = b.substring(Math.max(b.lastIndexOf(HOLE), b.lastIndexOf(ANY)) + 1);
        return tailA.endsWith(tailB) || tailB.endsWith(tailA);
    }

    private static int indexOfHoleOrLength(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (isHole(s.charAt(i))) {
                return i;
            }
        }
        return s.length();
    }

    /**
     * How well a documented message and a code text agree: the fewest fixed characters of the code
     * that values or elisions of the docs must stand for in a common instance of both ({@link
     * #NONE} if there is none). A match needs at least half of the code's fixed text in the docs as
     * written, so that a text of mostly values ({@code %s failed: %s}) does not match every
     * message. Computed from the ends backwards: {@code cost[i][j]} is for {@code doc[i..]} and
     * {@code code[j..]}.
     */
    private static int cost(String doc, String code, boolean limitElisions) {
        int n = doc.length();
        int m = code.length();
        int[][] cost = new int[n + 1][m + 1];
        for (int i = n; i >= 0; i--) {
            for (int j = m; j >= 0; j--) {
                int best;
                if (i == n && j == m) {
                    best = 0;
                } else if (j < m && code.charAt(j) == ANY) {
                    // text around the code text: any part of the message, for free
                    best = Math.min(cost[i][j + 1], i < n ? cost[i + 1][j] : NONE);
                } else if (i < n && doc.charAt(i) == ANY && !limitElisions) {
                    best =
                            Math.min(
                                    cost[i + 1][j],
                                    j < m ? plus(cost[i][j + 1], fixed(code, j)) : NONE);
                } else if (i < n && isHole(doc.charAt(i))) {
                    best = covered(cost, doc, code, i, j, true); // a documented value
                } else if (j < m && code.charAt(j) == HOLE) {
                    best = covered(cost, doc, code, i, j, false); // a value in the code
                } else if (i < n && j < m && doc.charAt(i) == code.charAt(j)) {
                    best = cost[i + 1][j + 1];
                } else {
                    best = NONE;
                }
                cost[i][j] = best;
            }
        }
        return cost[0][0];
    }

    /**
     * The cost of a value (of the docs at {@code i}, or of the code at {@code j}) standing for a
     * stretch of the other text with at most {@link #HOLE_LIMIT} fixed characters. A value in
     * quotes ({@code '%s'}) is a name and stands for no quote; another value may stand for whole
     * quoted names ({@code %s NOT NULL} for {@code column 'c' is}).
     */
    private static int covered(
            int[][] cost, String doc, String code, int i, int j, boolean docValue) {
        String own = docValue ? doc : code;
        String other = docValue ? code : doc;
        int at = docValue ? i : j;
        boolean quoted = at > 0 && own.charAt(at - 1) == '\'';
        int best = NONE;
        int fixed = 0;
        int quotes = 0;
        for (int end = docValue ? j : i; end <= other.length() && fixed <= HOLE_LIMIT; end++) {
            if (quotes % 2 == 0) {
                int rest = docValue ? cost[i + 1][end] : cost[end][j + 1];
                best = Math.min(best, plus(rest, docValue ? fixed : 0));
            }
            if (end < other.length() && !isHole(other.charAt(end))) {
                if (other.charAt(end) == '\'') {
                    if (quoted) {
                        break;
                    }
                    quotes++;
                }
                fixed++;
            }
        }
        return best;
    }

    private static int fixed(String s, int at) {
        return isHole(s.charAt(at)) ? 0 : 1;
    }

    private static int plus(int cost, int more) {
        return cost == NONE ? NONE : cost + more;
    }

    private static boolean isHole(char c) {
        return c == HOLE || c == ANY;
    }

    /**
     * A quick test before {@link #cost}: an eight-character piece of this text's longest fixed part
     * appears in the other's text. It could only miss where the docs put a hole in the middle of
     * every such piece, which the test would then report as unlisted.
     */
    private boolean sharesAWindowWith(MessagePattern doc) {
        String longest = "";
        for (String part : text.split("[" + HOLE + ANY + "]")) {
            if (part.length() > longest.length()) {
                longest = part;
            }
        }
        int width = Math.min(8, longest.length());
        for (int i = 0; i + width <= longest.length(); i++) {
            if (doc.text.contains(longest.substring(i, i + width))) {
                return true;
            }
        }
        return false;
    }

    private static String hole() {
        return String.valueOf(HOLE);
    }

    /** Neighbouring holes are one; with an elision among them, an elision. */
    private static String collapse(String s) {
        Matcher run = Pattern.compile("[" + HOLE + ANY + "]{2,}").matcher(s);
        StringBuilder out = new StringBuilder();
        while (run.find()) {
            String holes = run.group();
            run.appendReplacement(out, holes.indexOf(ANY) >= 0 ? String.valueOf(ANY) : hole());
        }
        run.appendTail(out);
        return out.toString();
    }

    @Override
    public String toString() {
        return shown();
    }
}
