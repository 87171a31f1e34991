/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.docs;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message with holes: fixed text, and places where any text may stand. The docs write a hole as
 * {@code <name>} or {@code ...}; the code as a format specifier ({@code %s}) or a non-literal
 * operand of a string concatenation. Two patterns match when some message is an instance of both.
 */
final class MessagePattern {

    /** Stands for a hole; never part of a message. */
    static final char HOLE = '\u0000';

    /** Around a code text that may be part of a longer message: any text, without limit. */
    private static final char ANY = '\u0001';

    private static final Pattern DOC_HOLE = Pattern.compile("<[^<>]{1,60}>|\\.\\.\\.|…");
    private static final Pattern FORMAT_SPECIFIER =
            Pattern.compile("%(?:\\d+\\$)?[-#+ 0,(]*\\d*(?:\\.\\d+)?[a-zA-Z%]");
    private static final Pattern WORD = Pattern.compile("[A-Za-z]{2,}");

    /** How many fixed characters of a documented message one hole of the code may stand for. */
    static final int CODE_HOLE_LIMIT = 40;

    private final String text;

    private MessagePattern(String text) {
        this.text = text;
    }

    /** A message as the docs show it: {@code Table '<db.t>' has no column group '<g>'.} */
    static MessagePattern ofDoc(String message) {
        return new MessagePattern(collapse(DOC_HOLE.matcher(message).replaceAll(hole())));
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

    /**
     * Whether a documented message (this) and a code text can be the same message, from first to
     * last character. A hole in the docs may stand for any text; a hole in the code for at most
     * {@link #CODE_HOLE_LIMIT} characters of the docs' fixed text, so that a {@code %s} does not
     * swallow a documented sentence.
     */
    boolean matches(MessagePattern code) {
        return endsAgree(code) && agree(text, code.text, Integer.MAX_VALUE);
    }

    /**
     * Whether a code text (this) can occur inside the documented message {@code doc}. Here a hole
     * of the docs stands for a value, so for at most {@link #CODE_HOLE_LIMIT} fixed characters of
     * the code: {@code <reason>} does not stand for every reason.
     */
    boolean occursIn(MessagePattern doc) {
        return sharesAWindowWith(doc) && agree(doc.text, ANY + text + ANY, CODE_HOLE_LIMIT);
    }

    /** How many words of two or more letters the fixed text holds. */
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
        return text.replace(String.valueOf(HOLE), "<…>");
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
        String tailA = a.substring(a.lastIndexOf(HOLE) + 1);
        String tailB = b.substring(b.lastIndexOf(HOLE) + 1);
        return tailA.endsWith(tailB) || tailB.endsWith(tailA);
    }

    private static int indexOfHoleOrLength(String s) {
        int i = s.indexOf(HOLE);
        return i < 0 ? s.length() : i;
    }

    /**
     * Is there a common instance of {@code doc} and {@code code}? Computed from the ends backwards:
     * {@code can[i][j]} says whether {@code doc[i..]} and {@code code[j..]} have one.
     */
    private static boolean agree(String doc, String code, int docHoleLimit) {
        int n = doc.length();
        int m = code.length();
        boolean[][] can = new boolean[n + 1][m + 1];
        for (int i = n; i >= 0; i--) {
            for (int j = m; j >= 0; j--) {
                boolean match;
                if (i == n && j == m) {
                    match = true;
                } else if (j < m && code.charAt(j) == ANY) {
                    match = can[i][j + 1] || (i < n && can[i + 1][j]);
                } else if (i < n && doc.charAt(i) == HOLE) {
                    // a documented hole covers code[j..end) with few fixed characters
                    match = covers(can, code, i, j, m, docHoleLimit, true);
                } else if (j < m && code.charAt(j) == HOLE) {
                    // a code hole covers doc[i..end) with few fixed characters
                    match = covers(can, doc, i, j, n, CODE_HOLE_LIMIT, false);
                } else {
                    match = i < n && j < m && doc.charAt(i) == code.charAt(j) && can[i + 1][j + 1];
                }
                can[i][j] = match;
            }
        }
        return can[0][0];
    }

    /**
     * Whether a hole (of the docs at {@code i}, or of the code at {@code j}) can cover a stretch of
     * the other text holding at most {@code limit} fixed characters and leave a match behind.
     */
    private static boolean covers(
            boolean[][] can, String other, int i, int j, int length, int limit, boolean docHole) {
        int start = docHole ? j : i;
        int fixed = 0;
        for (int end = start; end <= length && fixed <= limit; end++) {
            if (docHole ? can[i + 1][end] : can[end][j + 1]) {
                return true;
            }
            if (end < length && other.charAt(end) != HOLE && other.charAt(end) != ANY) {
                fixed++;
            }
        }
        return false;
    }

    /**
     * A quick test before {@link #agree}: an eight-character piece of this text's longest fixed
     * part appears in the other's text. It could only miss where the docs put a hole in the middle
     * of every such piece, which the test would then report as unlisted.
     */
    private boolean sharesAWindowWith(MessagePattern doc) {
        String longest = "";
        for (String part : text.split(hole())) {
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

    private static String collapse(String s) {
        return s.replaceAll(HOLE + "+", hole());
    }

    @Override
    public String toString() {
        return shown();
    }
}
