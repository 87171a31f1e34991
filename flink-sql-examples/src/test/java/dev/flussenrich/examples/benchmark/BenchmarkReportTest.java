/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A repeated ratio is reported with its interquartile range, and not counted when too wide; a value
 * of fluss-enrich alone is held to its bound.
 */
class BenchmarkReportTest {

    @Test
    void aRatioWiderThanTheBoundIsNotCounted() {
        BenchmarkReport report = new BenchmarkReport();
        List<Double> baseline = List.of(100.0, 100.0, 100.0, 100.0, 100.0);
        report.repeated(
                "steady", List.of(300.0, 310.0, 320.0, 330.0, 340.0), baseline, "rows/s", 3.0);
        report.repeated(
                "noisy", List.of(100.0, 200.0, 300.0, 400.0, 500.0), baseline, "rows/s", 1.0);

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        report.print(new PrintStream(printed, true, StandardCharsets.UTF_8), 1000);
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();

        assertThat(lines)
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith("steady ")
                                        .contains(
                                                "3.200", "3.10-3.30", "3.00-3.40", "met (>= 3.0)"));
        assertThat(lines)
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith("noisy ")
                                        .contains(
                                                "3.000",
                                                "2.00-4.00",
                                                "1.00-5.00",
                                                "NOT COUNTED (spread 0.67 > 0.25)"));
    }

    @Test
    void anAbsoluteValueIsHeldToItsBound() {
        BenchmarkReport report = new BenchmarkReport();
        report.absolute("fast p99 ms", 180, 200);
        report.absolute("slow p99 ms", 291, 200);
        report.absolute("hop p99 ms", 68);

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        report.print(new PrintStream(printed, true, StandardCharsets.UTF_8), 1000);
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();

        assertThat(lines)
                .anySatisfy(
                        line -> assertThat(line).startsWith("fast ").endsWith("met (<= 200.0)"));
        assertThat(lines)
                .anySatisfy(
                        line -> assertThat(line).startsWith("slow ").endsWith("MISSED (<= 200.0)"));
        assertThat(lines)
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith("hop ")
                                        .doesNotContain("met", "MISSED"));
    }

    @Test
    void quartilesInterpolateBetweenRuns() {
        assertThat(BenchmarkReport.quantile(List.of(4.0, 1.0, 3.0, 2.0), 0.25)).isEqualTo(1.75);
        assertThat(BenchmarkReport.quantile(List.of(4.0, 1.0, 3.0, 2.0), 0.75)).isEqualTo(3.25);
        assertThat(BenchmarkReport.quantile(List.of(7.0), 0.25)).isEqualTo(7.0);
    }
}
