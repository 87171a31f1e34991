/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** The results: both sides of every comparison, their ratio, and the target it is held to. */
final class BenchmarkReport {

    /**
     * One measurement. For a repeated one, {@code enrich} and {@code baseline} are medians, the
     * ratio is the median of the runs' ratios (each fluss-enrich run against the baseline run
     * beside it) and {@code range} their lowest and highest.
     */
    private record Line(
            String name,
            double enrich,
            double baseline,
            double ratio,
            String range,
            String unit,
            double target,
            boolean higherIsBetter) {

        String verdict() {
            if (Double.isNaN(target) || Double.isNaN(ratio)) {
                return "";
            }
            boolean met = higherIsBetter ? ratio >= target : ratio <= target;
            return (met ? "met" : "MISSED")
                    + " ("
                    + (higherIsBetter ? ">= " : "<= ")
                    + target
                    + ")";
        }
    }

    private final List<Line> lines = new ArrayList<>();

    void ratio(
            String name,
            double enrich,
            double baseline,
            String unit,
            double target,
            boolean higherIsBetter) {
        double ratio = baseline == 0 ? Double.NaN : enrich / baseline;
        lines.add(new Line(name, enrich, baseline, ratio, "", unit, target, higherIsBetter));
    }

    /** A repeated measurement: paired runs of both sides, higher is better. */
    void repeated(
            String name, List<Double> enrich, List<Double> baseline, String unit, double target) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < enrich.size(); i++) {
            ratios.add(enrich.get(i) / baseline.get(i));
        }
        String range =
                String.format(
                        Locale.ROOT, "%.2f-%.2f", Collections.min(ratios), Collections.max(ratios));
        lines.add(
                new Line(
                        name,
                        median(enrich),
                        median(baseline),
                        median(ratios),
                        range,
                        unit,
                        target,
                        true));
    }

    /** Two lines per paired measurement: steady state (20% to 80% of the rows) and whole job. */
    void pairedRates(
            String name,
            List<TimedRun> enrich,
            List<TimedRun> baseline,
            int rows,
            double steadyTarget,
            double wholeTarget) {
        repeated(
                name + ", steady state",
                enrich.stream().map(m -> m.steadyRate(rows)).toList(),
                baseline.stream().map(m -> m.steadyRate(rows)).toList(),
                "rows/s",
                steadyTarget);
        repeated(
                name + ", whole job",
                enrich.stream().map(m -> m.wholeRate(rows)).toList(),
                baseline.stream().map(m -> m.wholeRate(rows)).toList(),
                "rows/s",
                wholeTarget);
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    void absolute(String name, double value) {
        lines.add(new Line(name, value, Double.NaN, Double.NaN, "", "ms", Double.NaN, false));
    }

    void print(PrintStream out, int rows) {
        out.println();
        out.printf(
                Locale.ROOT,
                "fluss-enrich benchmark, %,d rows, %d buckets, %d group(s), parallelism %d, %d"
                        + " runs of each throughput measurement (median; range of the runs'"
                        + " ratios)%n",
                rows,
                BenchmarkSettings.BUCKETS,
                BenchmarkSettings.GROUPS.size(),
                BenchmarkSettings.PARALLELISM,
                BenchmarkSettings.REPETITIONS);
        out.printf(
                Locale.ROOT,
                "%-52s %14s %14s %7s %10s  %s%n",
                "measurement",
                "fluss-enrich",
                "baseline",
                "ratio",
                "range",
                "target");
        for (Line line : lines) {
            out.printf(
                    Locale.ROOT,
                    "%-52s %14s %14s %7s %10s  %s%n",
                    line.name(),
                    format(line.enrich()),
                    format(line.baseline()),
                    Double.isNaN(line.ratio())
                            ? ""
                            : String.format(Locale.ROOT, "%.3f", line.ratio()),
                    line.range(),
                    line.verdict());
        }
    }

    private static String format(double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%,.0f", value);
    }

    String toJson(int rows) {
        StringBuilder json = new StringBuilder();
        json.append("{\n  \"rows\": ").append(rows).append(",\n  \"measurements\": [\n");
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            json.append(
                    String.format(
                            Locale.ROOT,
                            "    {\"name\": \"%s\", \"unit\": \"%s\", \"flussEnrich\": %s,"
                                    + " \"baseline\": %s, \"ratio\": %s, \"range\": \"%s\","
                                    + " \"target\": %s, \"verdict\": \"%s\"}",
                            line.name(),
                            line.unit(),
                            number(line.enrich()),
                            number(line.baseline()),
                            number(line.ratio()),
                            line.range(),
                            number(line.target()),
                            line.verdict()));
            json.append(i + 1 < lines.size() ? ",\n" : "\n");
        }
        return json.append("  ]\n}\n").toString();
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "null" : String.format(Locale.ROOT, "%.4f", value);
    }
}
