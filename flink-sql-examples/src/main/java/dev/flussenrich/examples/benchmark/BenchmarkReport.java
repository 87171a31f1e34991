/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The results: both sides of every comparison, their ratio, and the target it is held to. */
final class BenchmarkReport {

    private record Line(
            String name,
            double enrich,
            double baseline,
            String unit,
            double target,
            boolean higherIsBetter) {

        double ratio() {
            return baseline == 0 ? Double.NaN : enrich / baseline;
        }

        String verdict() {
            if (Double.isNaN(target) || Double.isNaN(ratio())) {
                return "";
            }
            boolean met = higherIsBetter ? ratio() >= target : ratio() <= target;
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
        lines.add(new Line(name, enrich, baseline, unit, target, higherIsBetter));
    }

    void absolute(String name, double value) {
        lines.add(new Line(name, value, Double.NaN, "ms", Double.NaN, false));
    }

    void print(PrintStream out, int rows) {
        out.println();
        out.printf(
                Locale.ROOT,
                "fluss-enrich benchmark, %,d rows, %d buckets, parallelism %d%n",
                rows,
                EnrichmentBenchmark.BUCKETS,
                EnrichmentBenchmark.PARALLELISM);
        out.printf(
                Locale.ROOT,
                "%-48s %16s %16s %8s  %s%n",
                "measurement",
                "fluss-enrich",
                "baseline",
                "ratio",
                "target");
        for (Line line : lines) {
            out.printf(
                    Locale.ROOT,
                    "%-48s %16s %16s %8s  %s%n",
                    line.name(),
                    format(line.enrich()),
                    format(line.baseline()),
                    Double.isNaN(line.ratio())
                            ? ""
                            : String.format(Locale.ROOT, "%.3f", line.ratio()),
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
                                    + " \"baseline\": %s, \"ratio\": %s, \"target\": %s,"
                                    + " \"verdict\": \"%s\"}",
                            line.name(),
                            line.unit(),
                            number(line.enrich()),
                            number(line.baseline()),
                            number(line.ratio()),
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
