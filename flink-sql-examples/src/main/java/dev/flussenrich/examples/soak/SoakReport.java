/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a soak run found: the counts of each read, each group's watermark against the rows, the jobs
 * that failed, the faults injected and the ones that could not be. {@link #failures()} lists every
 * check that did not hold; the run passes when it is empty.
 */
public record SoakReport(
        SoakSettings settings,
        long appendedRows,
        long unknownRows,
        int partitionsLeft,
        int partitionsExpired,
        List<SoakChecker.ReadCounts> reads,
        Map<String, long[]> watermarks,
        List<String> failedJobs,
        Map<Fault, Integer> faults,
        List<String> faultErrors,
        long wallSeconds) {

    /** Every check that failed, one line each. */
    public List<String> failures() {
        List<String> failures = new ArrayList<>();
        for (SoakChecker.ReadCounts read : reads) {
            if (!read.ok()) {
                failures.add(
                        String.format(
                                Locale.ROOT,
                                "%s: lost %d %s, duplicated %d, partial %d %s",
                                read.name(),
                                read.lost(),
                                read.lostSample(),
                                read.duplicated(),
                                read.partial(),
                                read.partialSample()));
            }
        }
        watermarks.forEach(
                (group, sums) -> {
                    if (sums[0] != sums[1]) {
                        failures.add(
                                "watermark of group " + group + ": " + sums[0] + " of " + sums[1]);
                    }
                });
        failedJobs.forEach(job -> failures.add("failed: " + job));
        faultErrors.forEach(error -> failures.add("fault not carried out: " + error));
        return failures;
    }

    public boolean passed() {
        return failures().isEmpty();
    }

    void print(PrintStream out) {
        out.println();
        out.printf(
                Locale.ROOT,
                "Chaos soak, seed %d, %s of faults, %d s in all: %,d base rows appended"
                        + " (%,d of unknown outcome), %d partitions left, %d expired%n",
                settings.seed(),
                settings.duration(),
                wallSeconds,
                appendedRows,
                unknownRows,
                partitionsLeft,
                partitionsExpired);
        out.printf(
                "%-14s %10s %10s %6s %11s %8s%n",
                "read", "expected", "distinct", "lost", "duplicated", "partial");
        for (SoakChecker.ReadCounts read : reads) {
            out.printf(
                    Locale.ROOT,
                    "%-14s %,10d %,10d %6d %11d %8d%n",
                    read.name(),
                    read.expected(),
                    read.distinct(),
                    read.lost(),
                    read.duplicated(),
                    read.partial());
        }
        watermarks.forEach(
                (group, sums) ->
                        out.printf(
                                Locale.ROOT,
                                "watermark of %-5s %,10d of %,d base rows of the partitions left%n",
                                group,
                                sums[0],
                                sums[1]));
        out.printf("%-18s %5s  %s%n", "fault", "count", "what");
        for (Fault fault : Fault.values()) {
            out.printf(
                    "%-18s %5d  %s%n",
                    fault,
                    fault == Fault.PARTITION_EXPIRY
                            ? partitionsExpired
                            : faults.getOrDefault(fault, 0),
                    fault.description());
        }
        List<String> failures = failures();
        out.println(failures.isEmpty() ? "All checks hold." : "Checks failed:");
        failures.forEach(failure -> out.println("  " + failure));
    }
}
