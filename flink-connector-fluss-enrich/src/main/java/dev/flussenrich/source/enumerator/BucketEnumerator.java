/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.source.enumerator;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.source.ScanSettings;
import dev.flussenrich.source.split.BucketSplit;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.util.FlinkRuntimeException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Hands out one split per (partition, bucket). Each bucket always goes to the same reader (by
 * hash), so a bucket has one reader. Streaming reads of partitioned tables keep looking for new
 * partitions; bounded reads tell readers that no more splits come after the first discovery.
 */
@Internal
public final class BucketEnumerator implements SplitEnumerator<BucketSplit, BucketEnumeratorState> {

    private static final Logger LOG = LoggerFactory.getLogger(BucketEnumerator.class);

    /**
     * Attempts of one discovery, each on a new connection, before the job fails: a partition that
     * expired between the listing and the offset lookup, a connection that still names a restarted
     * server's old address, both pass by the next attempt.
     */
    static final int DISCOVERY_ATTEMPTS = 3;

    private static final long RETRY_PAUSE_MILLIS = 1_000;

    private final SplitEnumeratorContext<BucketSplit> context;
    private final ScanSettings settings;
    private final Set<EnrichedBucket> assigned;
    private final List<BucketSplit> pending;

    /**
     * Readers of a bounded read told that no split will come. Not checkpointed, and forgotten when
     * a reader registers again: a failed-over task is a new reader, and the enumerator lives on
     * through a failover that restarts only tasks.
     */
    private final Set<Integer> toldNoMoreSplits = new HashSet<>();

    private final Function<ScanSettings, BucketDiscovery> discoveries;
    private volatile boolean initialDiscoveryDone;

    /** Opened on the worker thread by the first discovery; replaced after a failed one. */
    private BucketDiscovery discovery;

    /**
     * Set once, by {@link #close()}: a discovery still running then (Flink closes the enumerator
     * without waiting for it, at cancels and failovers) is not reported, not even its failure.
     */
    private boolean closed;

    public BucketEnumerator(
            SplitEnumeratorContext<BucketSplit> context,
            ScanSettings settings,
            BucketEnumeratorState restored) {
        this(context, settings, restored, BucketDiscovery::new);
    }

    BucketEnumerator(
            SplitEnumeratorContext<BucketSplit> context,
            ScanSettings settings,
            BucketEnumeratorState restored,
            Function<ScanSettings, BucketDiscovery> discoveries) {
        this.context = context;
        this.settings = settings;
        this.discoveries = discoveries;
        this.assigned = new HashSet<>(restored.assignedBuckets());
        this.pending = new ArrayList<>(restored.pendingSplits());
        this.initialDiscoveryDone = restored.initialDiscoveryDone();
    }

    @Override
    public void start() {
        if (settings.bounded()) {
            context.callAsync(this::discover, this::onDiscovered);
        } else {
            long interval = settings.partitionDiscoveryInterval().toMillis();
            context.callAsync(this::discover, this::onDiscovered, 0, interval);
        }
    }

    /** One discovery, tried again on a new connection after a failure. */
    private BucketDiscovery.Discovered discover() throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return discoverOnce();
            } catch (RuntimeException e) {
                dropDiscovery();
                if (isClosed() || attempt == DISCOVERY_ATTEMPTS) {
                    throw e;
                }
                LOG.warn(
                        "Discovery of the buckets of {} failed (attempt {} of {}); trying again on"
                                + " a new connection",
                        settings.table(),
                        attempt,
                        DISCOVERY_ATTEMPTS,
                        e);
                Thread.sleep(RETRY_PAUSE_MILLIS * attempt);
            }
        }
    }

    private BucketDiscovery.Discovered discoverOnce() {
        BucketDiscovery current = openDiscovery();
        if (initialDiscoveryDone && !current.isPartitioned()) {
            return BucketDiscovery.Discovered.NOTHING_NEW;
        }
        Set<EnrichedBucket> known;
        synchronized (this) {
            known = new HashSet<>(assigned);
            pending.forEach(split -> known.add(split.bucket()));
        }
        return current.discover(known, !initialDiscoveryDone);
    }

    private synchronized BucketDiscovery openDiscovery() {
        if (closed) {
            throw new IllegalStateException("The enumerator of " + settings.table() + " is closed");
        }
        if (discovery == null) {
            discovery = discoveries.apply(settings);
        }
        return discovery;
    }

    /** Closes the discovery's connection; the next discovery opens a new one. */
    private void dropDiscovery() {
        BucketDiscovery dropped;
        synchronized (this) {
            dropped = discovery;
            discovery = null;
        }
        if (dropped != null) {
            try {
                dropped.close();
            } catch (Exception e) {
                LOG.debug("Closing the discovery of {} failed", settings.table(), e);
            }
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /**
     * Forgets buckets of partitions that no longer exist (dropped, or expired by
     * auto-partitioning), so the state does not grow for as long as the job runs; their readers
     * retire the splits themselves.
     */
    private void forgetGonePartitions(Set<String> existingPartitions) {
        assigned.removeIf(
                bucket ->
                        bucket.partitionName() != null
                                && !existingPartitions.contains(bucket.partitionName()));
        pending.removeIf(
                split ->
                        split.bucket().partitionName() != null
                                && !existingPartitions.contains(split.bucket().partitionName()));
    }

    private synchronized void onDiscovered(BucketDiscovery.Discovered discovered, Throwable error) {
        if (closed) {
            return;
        }
        if (error != null) {
            throw new FlinkRuntimeException(
                    "Could not list the buckets of "
                            + settings.table()
                            + " ("
                            + DISCOVERY_ATTEMPTS
                            + " attempts)",
                    error);
        }
        List<BucketSplit> splits = discovered.splits();
        if (discovered.partitioned()) {
            forgetGonePartitions(discovered.partitions());
        }
        // Discoveries run on a worker thread; the next one can start before this result is
        // handled here, and then reports the same new buckets again.
        Set<EnrichedBucket> known = new HashSet<>(assigned);
        pending.forEach(split -> known.add(split.bucket()));
        List<BucketSplit> fresh =
                splits.stream().filter(split -> known.add(split.bucket())).toList();
        if (!fresh.isEmpty()) {
            LOG.info("Discovered {} new splits of {}", fresh.size(), settings.table());
        }
        pending.addAll(fresh);
        initialDiscoveryDone = true;
        assignPending();
    }

    private synchronized void assignPending() {
        int parallelism = context.currentParallelism();
        List<BucketSplit> stillPending = new ArrayList<>();
        Map<Integer, List<BucketSplit>> assignment = new HashMap<>();
        for (BucketSplit split : pending) {
            int owner = ownerOf(split.bucket(), parallelism);
            if (context.registeredReaders().containsKey(owner)) {
                assignment.computeIfAbsent(owner, reader -> new ArrayList<>()).add(split);
                assigned.add(split.bucket());
            } else {
                stillPending.add(split);
            }
        }
        if (!assignment.isEmpty()) {
            // One assignment for all: a reader subscribes the splits it gets together, with their
            // offsets looked up at once (one by one, 64 buckets took over a second to start).
            context.assignSplits(new SplitsAssignment<>(assignment));
        }
        pending.clear();
        pending.addAll(stillPending);
        if (settings.bounded() && initialDiscoveryDone) {
            for (int reader : context.registeredReaders().keySet()) {
                // Once per reader: a reader told so may finish at once, and a second signal to a
                // finished task is an event Flink cannot deliver, which fails the job.
                if (pending.stream().noneMatch(s -> ownerOf(s.bucket(), parallelism) == reader)
                        && toldNoMoreSplits.add(reader)) {
                    context.signalNoMoreSplits(reader);
                }
            }
        }
    }

    /** The reader that owns a bucket: stable, so one bucket never has two readers. */
    static int ownerOf(EnrichedBucket bucket, int parallelism) {
        int hash =
                bucket.partitionName() == null
                        ? bucket.bucket()
                        : 31 * bucket.partitionName().hashCode() + bucket.bucket();
        return Math.floorMod(hash, parallelism);
    }

    @Override
    public void handleSplitRequest(int subtaskId, String requesterHostname) {
        // Splits are pushed on discovery, never pulled.
    }

    @Override
    public synchronized void addSplitsBack(List<BucketSplit> splits, int subtaskId) {
        for (BucketSplit split : splits) {
            assigned.remove(split.bucket());
            pending.add(split);
        }
    }

    @Override
    public void addReader(int subtaskId) {
        synchronized (this) {
            toldNoMoreSplits.remove(subtaskId);
        }
        if (initialDiscoveryDone) {
            assignPending();
        }
    }

    @Override
    public synchronized BucketEnumeratorState snapshotState(long checkpointId) {
        return new BucketEnumeratorState(assigned, pending, initialDiscoveryDone);
    }

    @Override
    public void close() throws IOException {
        synchronized (this) {
            closed = true;
        }
        dropDiscovery();
    }
}
