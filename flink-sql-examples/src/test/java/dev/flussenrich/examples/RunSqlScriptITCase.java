/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The README's first command: the bundled demo script on an embedded Fluss cluster. */
class RunSqlScriptITCase {

    @Test
    void theDemoScriptEnrichesWithTheConciseFormAndNeverTwice() throws Exception {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        RunSqlScript.run(new String[0], new PrintStream(output, true, StandardCharsets.UTF_8));
        String printed = output.toString(StandardCharsets.UTF_8);

        assertThat(printed)
                .contains(
                        "rows_readable_with_city\n+I[0]\n1 row\n",
                        "[INFO] Rewritten by the enrichment planner to:\n"
                                + "INSERT INTO `device_logs` /*+"
                                + " OPTIONS('enrichment.group'='geo') */ (`_bucket`, `_offset`,"
                                + " `city`, `country`)\n");
        String rows = printed.substring(printed.lastIndexOf("device_id | ip | city"));
        // _bucket and _offset depend on the parallel base INSERT's order; the rest is fixed
        assertThat(rows.lines().toList()).hasSize(10);
        assertThat(rows.lines().skip(1).limit(8).toList())
                .zipSatisfy(
                        List.of(
                                "0, 192.0.2.10, Quito, EC",
                                "1, 192.0.2.11, Tallinn, EE",
                                "2, 192.0.2.12, Lisbon, PT",
                                "3, 192.0.2.13, Osaka, JP",
                                "4, 192.0.2.14, Quito, EC",
                                "5, 192.0.2.15, Tallinn, EE",
                                "6, 192.0.2.16, Lisbon, PT",
                                "7, 192.0.2.17, null, null"),
                        (row, expected) ->
                                assertThat(row)
                                        .matches("\\+I\\[\\Q" + expected + "\\E, [01], \\d]"));
        assertThat(rows).endsWith("8 rows\n");
    }

    @Test
    void aMistypedArgumentSaysHowToCallIt() {
        assertThatThrownBy(
                        () ->
                                RunSqlScript.run(
                                        new String[] {"a.sql", "--bootstrap"},
                                        new PrintStream(new ByteArrayOutputStream())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "unexpected argument '--bootstrap'. Usage: RunSqlScript [script.sql]"
                                + " [--bootstrap-servers host:port] [--var name=value]...");
    }
}
