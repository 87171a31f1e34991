/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.docs;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/errors.md is the one list of error messages, and it stays true both ways.
 *
 * <p>Each message in the {@code message} column of its tables (a code span; {@code <name>} is a
 * value, {@code ...} leaves text out) must be a message some main source can produce: a string
 * literal, or literals joined by {@code +}, whose {@code %s} and non-literal operands are values.
 * And each message the main sources give to a user-facing exception type must occur in some listed
 * message. How much a value may stand for: {@link MessagePattern}. Which code texts count as
 * messages of an exception: {@link JavaSourceMessages}.
 */
class ErrorsDocumentationTest {

    static final Path ROOT = Path.of("..");
    private static final Path DOC = ROOT.resolve("docs").resolve("errors.md");

    /**
     * The exceptions users see; Flink's ValidationException and CatalogException count where our
     * code throws them. IllegalArgumentException and IllegalStateException are left out: they also
     * carry internal checks ("Unknown BucketSplit serializer version 3"); the ones users meet are
     * listed all the same, and the first test keeps those rows true.
     */
    private static final Set<String> USER_FACING =
            Set.of(
                    "CatalogException",
                    "EnrichmentPlanningException",
                    "ValidationException",
                    "EnrichmentContractException",
                    "ExpiredBeforeEnrichmentException",
                    "InvalidTableLayoutException");

    /**
     * Code texts of fewer words are parts of a message (", ", "a partition key"), not messages that
     * must be listed. A listed message may still be one of them ("<what> failed: <cause>").
     */
    private static final int MIN_WORDS = 3;

    private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");

    private static JavaSourceMessages sources;
    private static List<DocumentedMessage> documented;

    @BeforeAll
    static void read() throws Exception {
        sources = JavaSourceMessages.read(ROOT);
        documented = documentedMessages(Files.readAllLines(DOC));
    }

    @Test
    void theSourcesAndTheListAreFound() {
        assertThat(sources.fileCount()).as("main source files under " + ROOT).isGreaterThan(100);
        assertThat(documented).as("messages in " + DOC).hasSizeGreaterThan(100);
    }

    @Test
    void everyListedMessageIsOneTheCodeProduces() {
        assertThat(unknownMessages(sources, documented))
                .as(
                        "These rows of docs/errors.md show a message that no main source"
                                + " produces. The code changed or removed it: copy the message"
                                + " from the code into the row (each value as <name>), or delete"
                                + " the row.")
                .isEmpty();
    }

    @Test
    void everyMessageOfAUserFacingExceptionIsListed() {
        assertThat(unlistedMessages(sources, documented))
                .as(
                        "These messages of %s are not in docs/errors.md. Add each as a row to"
                                + " the section of its surface (planning, concise INSERT, write,"
                                + " read, DDL, lake, catalog and procedures, options): the"
                                + " message as users see it in the message column, each value"
                                + " as <name>, and what to do.",
                        USER_FACING)
                .isEmpty();
    }

    /** The listed messages that no text of the main sources can produce. */
    static List<String> unknownMessages(
            JavaSourceMessages sources, List<DocumentedMessage> documented) {
        List<MessagePattern> texts = new ArrayList<>();
        for (JavaSourceMessages.Text text : sources.allTexts()) {
            if (text.pattern().words() > 0) {
                texts.add(text.pattern());
            }
        }
        List<String> unknown = new ArrayList<>();
        for (DocumentedMessage message : documented) {
            if (texts.stream().noneMatch(message.pattern::matches)) {
                unknown.add("docs/errors.md line " + message.line + ": " + message.text);
            }
        }
        return unknown;
    }

    /** The messages of user-facing exceptions that no listed message shows. */
    static List<String> unlistedMessages(
            JavaSourceMessages sources, List<DocumentedMessage> documented) {
        List<String> unlisted = new ArrayList<>();
        for (JavaSourceMessages.Text text : sources.messagesOf(USER_FACING)) {
            if (text.pattern().words() < MIN_WORDS) {
                continue;
            }
            boolean listed = documented.stream().anyMatch(d -> text.pattern().occursIn(d.pattern));
            if (!listed) {
                unlisted.add(text.where(ROOT) + ": " + text.pattern().shown());
            }
        }
        return unlisted;
    }

    /** A message of the list: the code span of a table's message column, and its line. */
    record DocumentedMessage(int line, String text, MessagePattern pattern) {}

    /** The code spans of every table's {@code message} column. */
    static List<DocumentedMessage> documentedMessages(List<String> lines) {
        List<DocumentedMessage> messages = new ArrayList<>();
        int messageColumn = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("|")) {
                messageColumn = -1;
                continue;
            }
            List<String> cells = cells(line);
            boolean header = i + 1 < lines.size() && lines.get(i + 1).startsWith("|---");
            if (header) {
                messageColumn = -1;
                for (int c = 0; c < cells.size(); c++) {
                    if (cells.get(c).trim().toLowerCase().startsWith("message")) {
                        messageColumn = c;
                    }
                }
            } else if (messageColumn >= 0 && messageColumn < cells.size()) {
                Matcher span = CODE_SPAN.matcher(cells.get(messageColumn));
                while (span.find()) {
                    String text = span.group(1).replace("\\|", "|");
                    messages.add(new DocumentedMessage(i + 1, text, MessagePattern.ofDoc(text)));
                }
            }
        }
        return messages;
    }

    /** The cells of a table row; {@code \|} inside a cell is not a separator. */
    private static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        String[] parts = row.split("(?<!\\\\)\\|", -1);
        for (int i = 1; i < parts.length - 1; i++) {
            cells.add(parts[i]);
        }
        return cells;
    }
}
