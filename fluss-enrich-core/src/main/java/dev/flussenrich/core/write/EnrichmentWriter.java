/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.progress.BucketProgress;
import dev.flussenrich.core.progress.EnrichmentWatermarks;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.Connection;
import org.apache.fluss.row.InternalRow;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Writes the rows of one column group into its companion table, keeping the write contract per
 * bucket: a source offset below the enrichment watermark is dropped (replay), one equal to it is
 * appended, one above it is a gap (error, or NULL fill by policy), and one at or past the base's
 * high watermark is rejected.
 *
 * <p>Each bucket must be fed by one writer, in increasing source offset order. Appends are
 * asynchronous and batched by the Fluss client; {@link #flush()} waits for them and rethrows the
 * first failure. Not thread-safe.
 */
@PublicEvolving
public final class EnrichmentWriter implements AutoCloseable {

    /** Counters for metrics and tests. */
    public record Stats(
            long rowsWritten, long duplicatesDropped, long gapsFilled, long expiredSkipped) {}

    private static final Logger LOG = LoggerFactory.getLogger(EnrichmentWriter.class);

    private final EnrichedTable table;
    private final EnrichedTable.Group group;
    private final GapPolicy gapPolicy;
    private final TableAppender companion;
    private final BucketRouter router;
    private final EnrichmentWatermarks watermarks;
    private final BucketOffsets offsets;
    private final CompanionRows rows;

    private final Map<EnrichedBucket, BucketState> buckets = new HashMap<>();

    /**
     * The bucket written last and its state: rows come in runs of one bucket, so most rows skip the
     * checks and the map lookup of {@link #stateOf}.
     */
    private EnrichedBucket lastBucket;

    private BucketState lastState;

    /**
     * Buckets looked up for their lag before their first row: the first write uses what was found
     * instead of looking again.
     */
    private final Map<EnrichedBucket, Unwritten> unwritten = new HashMap<>();

    private long rowsWritten;
    private long duplicatesDropped;
    private long gapsFilled;
    private long expiredSkipped;

    /** Per-bucket position: the watermark and the last base high watermark seen. */
    private static final class BucketState {
        long watermark;
        long baseHighWatermark;
        long rowsSinceCheckpoint;

        BucketState(long watermark, long baseHighWatermark) {
            this.watermark = watermark;
            this.baseHighWatermark = baseHighWatermark;
        }
    }

    /**
     * A bucket not written yet: where its group stands and the base high watermark last seen (a
     * stale one is only asked again).
     */
    private record Unwritten(BucketProgress progress, long baseHighWatermark) {}

    public EnrichmentWriter(
            Connection connection, EnrichedTable table, String groupName, GapPolicy gapPolicy) {
        this.table = table;
        this.group = table.requireGroup(groupName);
        this.gapPolicy = gapPolicy;
        WriterChecks.checkWritable(table, group, gapPolicy, connection.getConfiguration());
        this.companion =
                new TableAppender(
                        connection,
                        group.companionPath(),
                        String.format(
                                "Writing group '%s' of table '%s' to companion '%s'",
                                groupName, table.tablePath(), group.companionPath()));
        this.router = BucketRouter.forCompanion(group.companion());
        this.watermarks = new EnrichmentWatermarks(connection, table);
        this.offsets = new BucketOffsets(connection);
        this.rows = new CompanionRows(table, group, router, companion::ensurePartition);
    }

    /**
     * Writes the enrichment of base row {@code sourceOffset} of {@code bucket}.
     *
     * @param values the group columns, in group order
     * @return the rows appended to the companion: 0 for a replay, else 1 plus the NULL rows written
     *     for a gap
     */
    public int write(EnrichedBucket bucket, long sourceOffset, InternalRow values) {
        companion.rethrowFailure();
        rows.checkValues(values);
        BucketState state = stateOf(bucket);
        if (sourceOffset < state.watermark) {
            duplicatesDropped++;
            return 0;
        }
        checkBelowBaseHighWatermark(bucket, state, sourceOffset);
        if (sourceOffset > state.watermark) {
            long baseLogStart = offsets.earliest(table.tablePath(), bucket);
            if (baseLogStart > state.watermark) {
                long expiredUpTo = Math.min(baseLogStart, sourceOffset);
                skipExpired(bucket, state.watermark, expiredUpTo);
                state.watermark = expiredUpTo;
            }
        }
        if (sourceOffset > state.watermark) {
            if (gapPolicy != GapPolicy.FILL_NULL) {
                throw EnrichmentContractException.gap(
                        table.tablePath(), group.name(), bucket, state.watermark, sourceOffset);
            }
            for (long missing = state.watermark; missing < sourceOffset; missing++) {
                companion.append(rows.row(bucket, missing, null), bucket.partitionName());
                gapsFilled++;
            }
        }
        int appended = (int) (sourceOffset - state.watermark) + 1;
        companion.append(rows.row(bucket, sourceOffset, values), bucket.partitionName());
        rowsWritten++;
        state.rowsSinceCheckpoint += appended;
        state.watermark = sourceOffset + 1;
        return appended;
    }

    /** The next source offset this writer expects in a bucket (looked up on first use). */
    public long watermark(EnrichedBucket bucket) {
        return stateOf(bucket).watermark;
    }

    /**
     * Waits until every appended row is acknowledged; rethrows the first async failure. Then
     * checkpoints the group's written offsets in each bucket that got enough rows since its last
     * checkpoint, so that watermark lookups stay bounded however long the job runs.
     */
    public void flush() {
        companion.flush();
        long due = EnrichmentWatermarks.checkpointRows();
        buckets.forEach(
                (bucket, state) -> {
                    if (state.rowsSinceCheckpoint >= due) {
                        checkpoint(bucket);
                        state.rowsSinceCheckpoint = 0;
                    }
                });
    }

    /** A checkpoint only saves reading later: a failure to take one does not fail the write. */
    private void checkpoint(EnrichedBucket bucket) {
        try {
            watermarks.progress(group.name(), bucket);
        } catch (RuntimeException e) {
            LOG.warn(
                    "Could not checkpoint the watermark of group '{}' of {} in {}: {}",
                    group.name(),
                    table.tablePath(),
                    bucket,
                    e.toString());
        }
    }

    /**
     * Runs {@code listener} on Fluss's sender thread when an append fails, so that a caller with no
     * more rows to write learns of it at once (then calls {@link #rethrowAppendFailure}).
     */
    public void onAppendFailure(Runnable listener) {
        companion.onFailure(listener);
    }

    /** Throws the first asynchronous append failure, if any. */
    public void rethrowAppendFailure() {
        companion.rethrowFailure();
    }

    /**
     * How far this writer's group trails the base in a bucket: the base high watermark (asked now)
     * minus the group's watermark. For a bucket not written yet, the group's watermark as found in
     * the companion.
     */
    public long lag(EnrichedBucket bucket) {
        return lagIfPresent(bucket).orElse(0);
    }

    /**
     * The lag of a bucket, or empty when its partition no longer exists (dropped, or expired by
     * auto-partitioning); the writer then forgets the bucket.
     */
    public OptionalLong lagIfPresent(EnrichedBucket bucket) {
        Long lag = lags(List.of(bucket)).get(bucket);
        return lag == null ? OptionalLong.empty() : OptionalLong.of(lag);
    }

    /**
     * The lag of each bucket. The base's high watermarks are asked in one request per partition,
     * all sent together, and the buckets not written yet are looked up together (see {@link
     * EnrichmentWatermarks#progress(String, List, Map)}); their first write uses what was found.
     * Buckets of partitions that no longer exist are left out of the result and forgotten.
     */
    public Map<EnrichedBucket, Long> lags(Collection<EnrichedBucket> wanted) {
        List<EnrichedBucket> checked = new ArrayList<>(wanted.size());
        for (EnrichedBucket bucket : wanted) {
            WriterChecks.checkBucket(table, router.numBuckets(), bucket);
            checked.add(bucket);
        }
        Map<EnrichedBucket, Long> highWatermarks =
                inExistingPartitions(
                        checked, buckets -> offsets.highWatermarks(table.tablePath(), buckets));
        lookUpUnwritten(highWatermarks);
        Map<EnrichedBucket, Long> lags = new HashMap<>();
        highWatermarks.forEach(
                (bucket, highWatermark) -> {
                    BucketState state = buckets.get(bucket);
                    Unwritten known = unwritten.get(bucket);
                    if (state != null) {
                        state.baseHighWatermark = highWatermark;
                    } else if (known != null) {
                        unwritten.put(bucket, new Unwritten(known.progress(), highWatermark));
                    } else {
                        return; // its partition went away during the lookup, and was forgotten
                    }
                    lags.put(bucket, Math.max(0, highWatermark - groupWatermark(bucket)));
                });
        return lags;
    }

    /**
     * Gets the given buckets ready for their first rows: looks them up (as {@link #lags} does) and
     * sends the creation of the companion partitions of those with rows to enrich, in partition
     * order, all at once: each partition's first row then waits only for its own, and rows of
     * partitions already created are written while the later ones are being created. Left to each
     * partition's first row, the creations ran one after another. Returns the buckets' lags.
     */
    public Map<EnrichedBucket, Long> prepare(Collection<EnrichedBucket> wanted) {
        Map<EnrichedBucket, Long> lags = lags(wanted);
        Set<String> toWrite = new TreeSet<>();
        lags.forEach(
                (bucket, lag) -> {
                    if (lag > 0 && bucket.partitionName() != null) {
                        toWrite.add(bucket.partitionName());
                    }
                });
        companion.createPartitionsAhead(toWrite);
        return lags;
    }

    /** Looks up the buckets not known yet, with the base high watermarks just asked. */
    private void lookUpUnwritten(Map<EnrichedBucket, Long> highWatermarks) {
        List<EnrichedBucket> unknown = new ArrayList<>();
        for (EnrichedBucket bucket : highWatermarks.keySet()) {
            if (!buckets.containsKey(bucket) && !unwritten.containsKey(bucket)) {
                unknown.add(bucket);
            }
        }
        if (unknown.isEmpty()) {
            return;
        }
        Map<EnrichedBucket, Long> baseLogStarts =
                inExistingPartitions(
                        unknown, someBuckets -> offsets.earliest(table.tablePath(), someBuckets));
        watermarks
                .progress(group.name(), List.copyOf(baseLogStarts.keySet()), baseLogStarts)
                .forEach(
                        (bucket, progress) ->
                                unwritten.put(
                                        bucket,
                                        new Unwritten(progress, highWatermarks.get(bucket))));
    }

    /**
     * Asks {@code lookup} about all the buckets at once; if a partition turned out to be gone, asks
     * again partition by partition, leaving out (and forgetting) those that no longer exist.
     */
    private Map<EnrichedBucket, Long> inExistingPartitions(
            List<EnrichedBucket> wanted,
            Function<List<EnrichedBucket>, Map<EnrichedBucket, Long>> lookup) {
        if (wanted.isEmpty()) {
            return Map.of();
        }
        try {
            return lookup.apply(wanted);
        } catch (RuntimeException e) {
            if (!FlussCalls.isPartitionGone(e)) {
                throw e;
            }
        }
        Map<String, List<EnrichedBucket>> byPartition = new LinkedHashMap<>();
        for (EnrichedBucket bucket : wanted) {
            byPartition.computeIfAbsent(bucket.partitionName(), p -> new ArrayList<>()).add(bucket);
        }
        Map<EnrichedBucket, Long> found = new HashMap<>();
        byPartition.forEach(
                (partition, inPartition) ->
                        FlussCalls.unlessPartitionGone(partition, () -> lookup.apply(inPartition))
                                .ifPresentOrElse(found::putAll, () -> forgetPartition(partition)));
        return found;
    }

    /** Forgets the buckets of a partition that no longer exists. */
    private void forgetPartition(String partitionName) {
        lastBucket = null;
        lastState = null;
        buckets.keySet().removeIf(b -> partitionName.equals(b.partitionName()));
        unwritten.keySet().removeIf(b -> partitionName.equals(b.partitionName()));
        rows.forgetPartition(partitionName);
        companion.forgetPartition(partitionName);
    }

    /** The watermark of a bucket this writer wrote, else the group's, as looked up. */
    private long groupWatermark(EnrichedBucket bucket) {
        BucketState state = buckets.get(bucket);
        return state != null ? state.watermark : unwritten.get(bucket).progress().watermark();
    }

    public Stats stats() {
        return new Stats(rowsWritten, duplicatesDropped, gapsFilled, expiredSkipped);
    }

    private BucketState stateOf(EnrichedBucket bucket) {
        if (bucket.equals(lastBucket)) {
            return lastState;
        }
        WriterChecks.checkBucket(table, router.numBuckets(), bucket);
        BucketState state = buckets.get(bucket);
        if (state == null) {
            Unwritten known = unwritten.remove(bucket);
            if (known == null) {
                known =
                        new Unwritten(
                                watermarks.progress(group.name(), bucket),
                                offsets.highWatermark(table.tablePath(), bucket));
            }
            BucketProgress progress = known.progress();
            if (progress.expiredBeforeEnrichment()) {
                skipExpired(bucket, progress.enrichedUpTo(), progress.baseLogStart());
            }
            state = new BucketState(progress.watermark(), known.baseHighWatermark());
            buckets.put(bucket, state);
        }
        lastBucket = bucket;
        lastState = state;
        return state;
    }

    /** Base offsets [from, to) expired before they were enriched: the gap policy decides. */
    private void skipExpired(EnrichedBucket bucket, long from, long to) {
        if (gapPolicy == GapPolicy.FAIL) {
            throw new ExpiredBeforeEnrichmentException(
                    table.tablePath(), group.name(), bucket, from, to);
        }
        LOG.warn(
                "Base rows {}..{} of table {}, {} expired before group '{}' enriched them;"
                        + " moving past them (gap policy {}).",
                from,
                to - 1,
                table.tablePath(),
                bucket,
                group.name(),
                gapPolicy);
        expiredSkipped += to - from;
    }

    private void checkBelowBaseHighWatermark(
            EnrichedBucket bucket, BucketState state, long sourceOffset) {
        if (sourceOffset < state.baseHighWatermark) {
            return;
        }
        state.baseHighWatermark = offsets.highWatermark(table.tablePath(), bucket);
        if (sourceOffset >= state.baseHighWatermark) {
            throw EnrichmentContractException.aheadOfBase(
                    table.tablePath(), group.name(), bucket, sourceOffset, state.baseHighWatermark);
        }
    }

    @Override
    public void close() throws Exception {
        companion.close();
    }
}
