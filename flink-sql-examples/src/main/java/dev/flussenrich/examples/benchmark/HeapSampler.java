/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

/**
 * The peak used heap, sampled every 20 ms on a daemon thread: it counts garbage not yet collected
 * (see {@link LiveHeap} for the heap a job keeps alive).
 */
final class HeapSampler extends Thread {
    private volatile boolean running = true;
    private volatile long peak;

    HeapSampler() {
        setDaemon(true);
    }

    @Override
    public void run() {
        Runtime runtime = Runtime.getRuntime();
        while (running) {
            peak = Math.max(peak, runtime.totalMemory() - runtime.freeMemory());
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Stops sampling and returns the peak. */
    long finish() throws InterruptedException {
        running = false;
        join();
        return peak;
    }
}
