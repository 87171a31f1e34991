/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.docs;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** How {@link ErrorsDocumentationTest} matches a documented message and a code text. */
class MessagePatternTest {

    private static final MessagePattern NO_GROUP =
            MessagePattern.ofDoc("Table '<db.t>' has no column group '<g>'.");

    @Test
    void aDocumentedValueMatchesAFormatSpecifierOrAConcatenatedOperand() {
        assertThat(NO_GROUP.matches(code("Table '%s' has no column group '%s'."))).isTrue();
        String hole = String.valueOf(MessagePattern.HOLE);
        assertThat(
                        NO_GROUP.matches(
                                code("Table '" + hole + "' has no column group '" + hole + "'.")))
                .isTrue();
    }

    @Test
    void aChangedOrMovedWordIsNoMatch() {
        assertThat(NO_GROUP.matches(code("Table '%s' has no group '%s'."))).isFalse();
        assertThat(NO_GROUP.matches(code("Table '%s' has no column group '%s'!"))).isFalse();
        assertThat(
                        MessagePattern.ofDoc("Table '<db.t>' exists already.")
                                .matches(code("Table '%s' already exists.")))
                .isFalse();
    }

    @Test
    void aCodeValueMayBeAShortTextOfTheDocsButNotASentence() {
        assertThat(
                        MessagePattern.ofDoc("Column '<c>' is a bucket key of table '<db.t>'.")
                                .matches(code("Column '%s' is %s of table '%s'.")))
                .isTrue();
        assertThat(
                        MessagePattern.ofDoc(
                                        "Enrichment INSERT is rejected: it has ORDER BY; enrichment values"
                                                + " are stored by row identity. Remove the ORDER BY.")
                                .matches(code("Enrichment INSERT is rejected: %s")))
                .isFalse();
    }

    @Test
    void aTextOfMostlyValuesMatchesOnlyWhatItsOwnWordsSay() {
        assertThat(NO_GROUP.matches(code("%s failed: %s"))).isFalse();
        assertThat(MessagePattern.ofDoc("<what> failed: <cause>").matches(code("%s failed: %s")))
                .isTrue();
    }

    @Test
    void aCodeTextOccursInADocumentedMessageThatShowsIt() {
        MessagePattern rejected =
                MessagePattern.ofDoc("Enrichment INSERT of group '<g>' is rejected: <reason>");
        MessagePattern reason =
                code(
                        "it has ORDER BY; enrichment values are stored by row identity, so order"
                                + " has no meaning.");
        assertThat(reason.occursIn(rejected)).as("<reason> is a value, not every reason").isFalse();
        assertThat(
                        reason.occursIn(
                                MessagePattern.ofDoc(
                                        "Enrichment INSERT of group '<g>' is rejected: it has ORDER"
                                                + " BY; enrichment values are stored by row"
                                                + " identity, so order has no meaning.")))
                .isTrue();
        assertThat(code("Enrichment INSERT of group '%s' is rejected: %s").occursIn(rejected))
                .isTrue();
        assertThat(reason.occursIn(MessagePattern.ofDoc("Write INSERT INTO <table> SELECT ...")))
                .as("an elision is no place for a whole message")
                .isFalse();
    }

    @Test
    void anElisionInTheDocsStandsForAnyText() {
        MessagePattern doc =
                MessagePattern.ofDoc("Paimon table '<db.t>' exists with columns [...].");
        assertThat(doc.matches(code("Paimon table '%s' exists with columns %s."))).isTrue();
        assertThat(code("%s exists with columns %s.").words()).isEqualTo(3);
    }

    private static MessagePattern code(String text) {
        return MessagePattern.ofCode(text);
    }
}
