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
import org.apache.flink.util.FlinkRuntimeException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Hands out one split per (partition, bucket). Each bucket always goes to the same reader (by
 * hash), so a bucket has one reader. Streaming reads of partitioned tables keep looking for new
 * partitions; bounded reads tell readers that no more splits come after the first discovery.
 */
@Internal
public final class BucketEnumerator implements SplitEnumerator<BucketSplit, BucketEnumeratorState> {

    private static final Logger LOG = LoggerFactory.getLogger(BucketEnumerator.class);

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

    private volatile boolean initialDiscoveryDone;
    private BucketDiscovery discovery;

    public BucketEnumerator(
            SplitEnumeratorContext<BucketSplit> context,
            ScanSettings settings,
            BucketEnumeratorState restored) {
        this.context = context;
        this.settings = settings;
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

    private BucketDiscovery.Discovered discover() {
        if (discovery == null) {
            discovery = new BucketDiscovery(settings);
        }
        if (initialDiscoveryDone && !discovery.isPartitioned()) {
            return new BucketDiscovery.Discovered(List.of(), Set.of());
        }
        Set<EnrichedBucket> known;
        synchronized (this) {
            known = new HashSet<>(assigned);
            pending.forEach(split -> known.add(split.bucket()));
        }
        return discovery.discover(known, !initialDiscoveryDone);
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
        if (error != null) {
            throw new FlinkRuntimeException(
                    "Could not list the buckets of " + settings.table(), error);
        }
        List<BucketSplit> splits = discovered.splits();
        if (discovery.isPartitioned()) {
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
        for (BucketSplit split : pending) {
            int owner = ownerOf(split.bucket(), parallelism);
            if (context.registeredReaders().containsKey(owner)) {
                context.assignSplit(split, owner);
                assigned.add(split.bucket());
            } else {
                stillPending.add(split);
            }
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
        if (discovery != null) {
            try {
                discovery.close();
            } catch (Exception e) {
                throw new IOException(e);
            }
        }
    }
}
