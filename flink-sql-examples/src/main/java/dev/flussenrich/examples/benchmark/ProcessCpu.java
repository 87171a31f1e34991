/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import java.lang.management.ManagementFactory;

/**
 * The CPU time this process has used: the benchmark's Fluss cluster, Flink and jobs all run in it.
 * Less disturbed than wall-clock time by what else a shared machine runs.
 */
final class ProcessCpu {

    private ProcessCpu() {}

    /** Nanoseconds of CPU time used so far, or -1 where the JVM cannot tell. */
    static long nanos() {
        if (ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
