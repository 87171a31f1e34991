/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The most heap a job keeps alive: the largest heap in use right after a garbage collection while
 * it runs (and after one forced at its end, still running). Unlike sampling used heap, this does
 * not count the young garbage not collected yet; it still counts garbage promoted to the old
 * generation, which only a mixed or full collection frees. Heap pools only: a collection reports
 * metaspace and the code cache too, which grow with each job a JVM runs (300-400 MB in a
 * 30-partition run; performance.md, method).
 */
final class LiveHeap implements NotificationListener {

    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final Set<String> heapPools =
            ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(pool -> pool.getType() == MemoryType.HEAP)
                    .map(MemoryPoolMXBean::getName)
                    .collect(Collectors.toSet());
    private volatile long peak;

    void start() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(this, null, null);
                emitters.add(emitter);
            }
        }
    }

    @Override
    public void handleNotification(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool :
                info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                used += pool.getValue().getUsed();
            }
        }
        peak = Math.max(peak, used);
    }

    /** Forces a collection (the job still running), stops listening and returns the peak. */
    long finish() throws Exception {
        System.gc();
        // The notification of the forced collection arrives on another thread.
        long deadline = System.nanoTime() + 2_000_000_000L;
        long before = peak;
        while (peak == before && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        for (NotificationEmitter emitter : emitters) {
            emitter.removeNotificationListener(this);
        }
        return peak;
    }
}
