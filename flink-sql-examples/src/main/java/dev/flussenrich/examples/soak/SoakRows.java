/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rows a reader saw (the stitched read or the lake): how often each id arrived, and the ids whose
 * enrichment values were not the functions of the id (a partial or wrong row).
 */
final class SoakRows {

    private final Map<Long, Integer> arrivals = new ConcurrentHashMap<>();
    private final List<String> partial = Collections.synchronizedList(new ArrayList<>());

    void add(long id, String city, Integer score, String label) {
        arrivals.merge(id, 1, Integer::sum);
        if (!Objects.equals(city, SoakTable.city(id))
                || !Objects.equals(score, SoakTable.score(id))
                || !Objects.equals(label, SoakTable.label(id))) {
            partial.add(id + ": " + city + ", " + score + ", " + label);
        }
    }

    /** Whether every one of these ids arrived. */
    boolean containsAll(Set<Long> ids) {
        return arrivals.keySet().containsAll(ids);
    }

    /** The expected ids that never arrived. */
    long lost(Set<Long> expected) {
        return expected.stream().filter(id -> !arrivals.containsKey(id)).count();
    }

    /** The first few runs of expected ids that never arrived, as "from-to", for the report. */
    List<String> lostSample(Set<Long> expected) {
        List<Long> lost =
                expected.stream().filter(id -> !arrivals.containsKey(id)).sorted().toList();
        List<String> runs = new ArrayList<>();
        int i = 0;
        while (i < lost.size() && runs.size() < 5) {
            int j = i;
            while (j + 1 < lost.size() && lost.get(j + 1) == lost.get(j) + 1) {
                j++;
            }
            runs.add(i == j ? String.valueOf(lost.get(i)) : lost.get(i) + "-" + lost.get(j));
            i = j + 1;
        }
        return runs;
    }

    /** Arrivals beyond the first, over every id. */
    long duplicated() {
        return arrivals.values().stream().mapToLong(n -> n - 1).sum();
    }

    long partial() {
        return partial.size();
    }

    /** A few of the partial rows, for the report. */
    List<String> partialSample() {
        synchronized (partial) {
            return List.copyOf(partial.subList(0, Math.min(5, partial.size())));
        }
    }

    int distinctIds() {
        return arrivals.size();
    }
}
