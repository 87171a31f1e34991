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
     * beside it), {@code iqr} their interquartile range, {@code range} their lowest and highest,
     * and {@code spread} the interquartile range's width as a share of the median.
     */
    private record Line(
            String name,
            double enrich,
            double baseline,
            double ratio,
            String iqr,
            String range,
            double spread,
            String unit,
            double target,
            boolean higherIsBetter) {

        boolean counted() {
            return Double.isNaN(spread) || spread <= BenchmarkSettings.MAX_SPREAD;
        }

        String verdict() {
            if (!counted()) {
                return String.format(
                        Locale.ROOT,
                        "NOT COUNTED (spread %.2f > %.2f)",
                        spread,
                        BenchmarkSettings.MAX_SPREAD);
            }
            // An absolute line (no baseline) is held to its target by its own value.
            double measured = Double.isNaN(baseline) ? enrich : ratio;
            if (Double.isNaN(target) || Double.isNaN(measured)) {
                return "";
            }
            boolean met = higherIsBetter ? measured >= target : measured <= target;
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
        lines.add(
                new Line(
                        name,
                        enrich,
                        baseline,
                        ratio,
                        "",
                        "",
                        Double.NaN,
                        unit,
                        target,
                        higherIsBetter));
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
        double q1 = quantile(ratios, 0.25);
        double q3 = quantile(ratios, 0.75);
        double median = median(ratios);
        lines.add(
                new Line(
                        name,
                        median(enrich),
                        median(baseline),
                        median,
                        String.format(Locale.ROOT, "%.2f-%.2f", q1, q3),
                        range,
                        (q3 - q1) / median,
                        unit,
                        target,
                        true));
    }

    /**
     * Three lines per paired measurement: steady state (20% to 80% of the rows) and whole job in
     * wall-clock rows/s, and the steady state in rows per CPU-second of the process.
     */
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
        repeated(
                name + ", steady, per CPU-s",
                enrich.stream().map(m -> m.steadyRowsPerCpuSecond(rows)).toList(),
                baseline.stream().map(m -> m.steadyRowsPerCpuSecond(rows)).toList(),
                "rows/CPU-s",
                Double.NaN);
    }

    /** The {@code q} quantile of {@code values}, interpolated linearly between neighbours. */
    static double quantile(List<Double> values, double q) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        double position = q * (sorted.size() - 1);
        int below = (int) Math.floor(position);
        int above = (int) Math.ceil(position);
        return sorted.get(below) + (sorted.get(above) - sorted.get(below)) * (position - below);
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    void absolute(String name, double value) {
        absolute(name, value, Double.NaN);
    }

    /** A value of fluss-enrich alone, held to at most {@code atMost}. */
    void absolute(String name, double value, double atMost) {
        lines.add(
                new Line(
                        name,
                        value,
                        Double.NaN,
                        Double.NaN,
                        "",
                        "",
                        Double.NaN,
                        "ms",
                        atMost,
                        false));
    }

    void print(PrintStream out, int rows) {
        out.println();
        out.printf(
                Locale.ROOT,
                "fluss-enrich benchmark, %s workload, %,d rows, %d buckets, %s, %d group(s), parallelism %d, %d"
                        + " runs of each throughput measurement (median of the runs' ratios,"
                        + " their interquartile range and range; a ratio whose interquartile"
                        + " range is wider than %.2f of its median is NOT COUNTED)%n",
                Workload.CURRENT.name().toLowerCase(Locale.ROOT),
                rows,
                BenchmarkSettings.BUCKETS,
                BenchmarkSettings.PARTITIONING.enabled()
                        ? BenchmarkSettings.PARTITIONING.count() + " partitions"
                        : "unpartitioned",
                BenchmarkSettings.GROUPS.size(),
                BenchmarkSettings.PARALLELISM,
                BenchmarkSettings.REPETITIONS,
                BenchmarkSettings.MAX_SPREAD);
        out.printf(
                Locale.ROOT,
                "%-52s %14s %14s %7s %10s %10s  %s%n",
                "measurement",
                "fluss-enrich",
                "baseline",
                "ratio",
                "IQR",
                "range",
                "target");
        for (Line line : lines) {
            out.printf(
                    Locale.ROOT,
                    "%-52s %14s %14s %7s %10s %10s  %s%n",
                    line.name(),
                    format(line.enrich()),
                    format(line.baseline()),
                    Double.isNaN(line.ratio())
                            ? ""
                            : String.format(Locale.ROOT, "%.3f", line.ratio()),
                    line.iqr(),
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
                                    + " \"baseline\": %s, \"ratio\": %s, \"iqr\": \"%s\","
                                    + " \"range\": \"%s\", \"spread\": %s, \"counted\": %s,"
                                    + " \"target\": %s, \"verdict\": \"%s\"}",
                            line.name(),
                            line.unit(),
                            number(line.enrich()),
                            number(line.baseline()),
                            number(line.ratio()),
                            line.iqr(),
                            line.range(),
                            number(line.spread()),
                            line.counted(),
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
