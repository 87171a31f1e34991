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

/** docs/lake.md's demo: tiering on an embedded cluster, Paimon's reader, the union read. */
class LakeExampleITCase {

    @Test
    void theLakeHoldsTheSixCompleteRowsAndTheUnionReadAllEight() throws Exception {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        LakeExample.run(new PrintStream(output, true, StandardCharsets.UTF_8));
        String printed = output.toString(StandardCharsets.UTF_8);

        String paimon =
                printed.substring(
                        printed.indexOf("[device_id, ip, city, __bucket, __offset, __timestamp]"),
                        printed.indexOf("Snapshot properties"));
        assertThat(paimon.lines().skip(1).map(line -> line.split(", ")[2]).toList())
                .containsExactlyInAnyOrder(
                        "Lisbon", "Osaka", "Quito", "Tallinn", "Lisbon", "Osaka");
        List<String> union =
                printed.substring(printed.indexOf("device_id  ip")).lines().skip(1).toList();
        assertThat(union)
                .extracting(line -> line.split("\\s+")[0] + " " + line.split("\\s+")[2])
                .containsExactlyInAnyOrder(
                        "0 Lisbon",
                        "1 Osaka",
                        "2 Quito",
                        "3 Tallinn",
                        "4 Lisbon",
                        "5 Osaka",
                        "6 Quito",
                        "7 Tallinn");
    }
}
