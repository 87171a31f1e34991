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
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;

/**
 * The most heap a job keeps alive: the largest heap in use right after a garbage collection while
 * it runs (and after one forced at its end, still running). Unlike sampling used heap, which also
 * counts garbage not yet collected, this does not move with GC timing.
 */
final class LiveHeap implements NotificationListener {

    private final List<NotificationEmitter> emitters = new ArrayList<>();
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
        for (MemoryUsage pool : info.getGcInfo().getMemoryUsageAfterGc().values()) {
            used += pool.getUsed();
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
