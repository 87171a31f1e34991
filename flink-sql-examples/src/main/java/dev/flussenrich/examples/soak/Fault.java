/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

/** The faults the soak injects, most valuable first; {@link #PARTITION_EXPIRY} comes by itself. */
enum Fault {
    TASK_FAILURE("a task of an enrichment job or the gated read fails (a function throws once)"),
    SERVER_RESTART("a tablet server stops and starts again seconds later"),
    LEADER_MOVE("the server that leads a base bucket stops (the leader moves) and starts again"),
    DUPLICATE_JOB("a second job of the same group starts and is cancelled seconds later"),
    CANCEL_RESUBMIT(
            "an enrichment job is cancelled and its INSERT resubmitted (from the watermark)"),
    SAVEPOINT_RESTORE(
            "an enrichment job stops with a savepoint and restores at another parallelism"),
    PARTITION_DROP("a partition rows were appended to is dropped (base and companions)"),
    PARTITION_EXPIRY("a partition older than the retention expires (auto-partitioning)");

    private final String description;

    Fault(String description) {
        this.description = description;
    }

    String description() {
        return description;
    }
}
