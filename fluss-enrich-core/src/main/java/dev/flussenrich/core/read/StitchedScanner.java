/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.PartitionIds;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.ReadPermission;
import dev.flussenrich.core.progress.CompanionProbe;
import dev.flussenrich.core.progress.EnrichmentWatermarks;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.scanner.log.ScanRecords;
import org.apache.fluss.exception.AuthorizationException;
import org.apache.fluss.exception.FetchException;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TablePath;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads a projection of a logical table from any set of buckets, emitting only whole rows.
 *
 * <p>A projection that touches no group reads the base alone, exactly like a plain Fluss scan
 * (server-side column projection, no companion I/O). A projection that touches groups merge-joins
 * the base with those groups' companions bucket by bucket (see {@link BucketStitcher}); the read
 * frontier of a bucket is min(base high watermark, each touched group's watermark). A bucket whose
 * buffered base rows wait for enrichment stops fetching base data until the companions catch up.
 * Not thread-safe.
 */
@PublicEvolving
public final class StitchedScanner implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StitchedScanner.class);

    private static final Duration SLICE = Duration.ofMillis(20);
    private static final long PARTITION_RETRY_NANOS = Duration.ofMillis(500).toNanos();
    private static final Duration PERIODIC_CHECK = Duration.ofSeconds(5);

    private final EnrichedTable table;
    private final ProjectionPlan plan;
    private final BucketOffsets offsets;
    private final EnrichmentWatermarks watermarks;
    private final CompanionProbe probe;
    private final Source base;
    private final List<Source> companions = new ArrayList<>();
    private final Map<EnrichedBucket, BucketStitcher> stitchers = new LinkedHashMap<>();
    private final Map<PreparedOffset, Long> preparedOffsets = new HashMap<>();
    private final Map<PreparedSource, Long> preparedSources = new HashMap<>();
    private final BufferBound bufferBound;
    private long lastPartitionRetry;
    private long lastPeriodicCheck = System.nanoTime();

    /** One Fluss table being scanned, and which buckets it is subscribed to. */
    private static final class Source {
        final TablePath path;
        final Table table;
        final LogScanner scanner;
        final PartitionIds partitionIds;
        final Map<Long, String> partitionNames = new HashMap<>();
        final HeldRowSize rowSize = new HeldRowSize();

        /** Buckets subscribed right now, and buckets waiting for their partition to appear. */
        final Map<EnrichedBucket, Boolean> subscribed = new HashMap<>();

        Source(Connection connection, TablePath path, List<String> columns) {
            this.path = path;
            this.table = FlussCalls.retrying(() -> connection.getTable(path));
            List<String> all = table.getTableInfo().getRowType().getFieldNames();
            // Every column in table order: no projection, which the server would otherwise
            // apply to each batch for nothing.
            this.scanner =
                    columns.equals(all)
                            ? table.newScan().createLogScanner()
                            : table.newScan().project(columns).createLogScanner();
            this.partitionIds = new PartitionIds(connection.getAdmin(), path);
        }

        Optional<Long> partitionId(EnrichedBucket bucket) {
            if (bucket.partitionName() == null) {
                return Optional.empty();
            }
            Optional<Long> id = partitionIds.idOf(bucket.partitionName());
            id.ifPresent(value -> partitionNames.put(value, bucket.partitionName()));
            return id;
        }

        /** Subscribes a bucket; false if its partition does not exist (not yet, or any more). */
        boolean subscribe(EnrichedBucket bucket, long offset) {
            if (bucket.partitionName() == null) {
                scanner.subscribe(bucket.bucket(), offset);
            } else {
                Optional<Long> id = partitionId(bucket);
                if (id.isEmpty()) {
                    return false;
                }
                scanner.subscribe(id.get(), bucket.bucket(), offset);
            }
            subscribed.put(bucket, true);
            return true;
        }

        void unsubscribe(EnrichedBucket bucket) {
            if (Boolean.TRUE.equals(subscribed.put(bucket, false))) {
                if (bucket.partitionName() == null) {
                    scanner.unsubscribe(bucket.bucket());
                    return;
                }
                Long id = partitionIdOf(bucket);
                if (id != null) {
                    scanner.unsubscribe(id, bucket.bucket());
                }
            }
        }

        /** The id this source subscribed the bucket's partition with (no lookup). */
        Long partitionIdOf(EnrichedBucket bucket) {
            for (Map.Entry<Long, String> partition : partitionNames.entrySet()) {
                if (partition.getValue().equals(bucket.partitionName())) {
                    return partition.getKey();
                }
            }
            return null;
        }

        boolean isSubscribed(EnrichedBucket bucket) {
            return Boolean.TRUE.equals(subscribed.get(bucket));
        }

        boolean hasSubscriptions() {
            return subscribed.containsValue(true);
        }

        EnrichedBucket bucketOf(TableBucket tableBucket) {
            Long partitionId = tableBucket.getPartitionId();
            return EnrichedBucket.of(
                    partitionId == null ? null : partitionNames.get(partitionId),
                    tableBucket.getBucket());
        }

        void close() throws Exception {
            scanner.close();
            table.close();
        }
    }

    /** Opens a scanner of {@code columns} (logical names, output order) of {@code table}. */
    public StitchedScanner(Connection connection, EnrichedTable table, List<String> columns) {
        this(connection, table, columns, BufferBound.DEFAULT);
    }

    /**
     * Opens a scanner that holds back at most about {@code bufferBound} (base and companion rows
     * waiting for their match, over all buckets; one poll per table may go past it).
     */
    public StitchedScanner(
            Connection connection,
            EnrichedTable table,
            List<String> columns,
            BufferBound bufferBound) {
        this.bufferBound = bufferBound;
        this.table = table;
        this.plan = new ProjectionPlan(table, columns);
        this.offsets = new BucketOffsets(connection.getAdmin());
        this.watermarks = new EnrichmentWatermarks(connection, table);
        this.probe = new CompanionProbe(connection);
        this.base = new Source(connection, table.tablePath(), plan.baseColumns());
        for (String group : plan.groups()) {
            companions.add(
                    new Source(
                            connection,
                            table.requireGroup(group).companionPath(),
                            plan.companionColumns(group)));
        }
    }

    /** Groups this scanner gates on; empty for a base-only projection. */
    public List<String> gatingGroups() {
        return plan.groups();
    }

    /** Number of companion tables this scanner reads (0 for a base-only projection). */
    public int openCompanionScanners() {
        return companions.size();
    }

    /** Every bucket of the table: partitions (as they exist now) times buckets. */
    public List<EnrichedBucket> allBuckets() {
        return base.partitionIds.allBuckets(table.isPartitioned(), table.numBuckets());
    }

    /** The base offset where {@code position} starts in a bucket. */
    public long resolve(StartPosition position, EnrichedBucket bucket) {
        return position.resolve(table, bucket, offsets, watermarks);
    }

    /**
     * The bounded stop offset of a bucket as of now: min(base high watermark, watermark of each
     * gating group).
     */
    public long frontier(EnrichedBucket bucket) {
        return watermarks.frontier(plan.groups(), bucket);
    }

    /** Subscribes every bucket at {@code position}; bounded scans stop at today's frontier. */
    public void subscribeAll(StartPosition position, boolean bounded) {
        List<EnrichedBucket> buckets = allBuckets();
        Map<EnrichedBucket, Long> starts = position.resolveAll(table, buckets, offsets, watermarks);
        List<BucketRange> ranges = new ArrayList<>();
        for (EnrichedBucket bucket : buckets) {
            ranges.add(
                    new BucketRange(
                            bucket,
                            starts.get(bucket),
                            bounded ? frontier(bucket) : Long.MAX_VALUE));
        }
        subscribe(ranges);
    }

    /**
     * A bucket to read from {@code startOffset} (inclusive) to {@code stopOffset} (exclusive;
     * {@link Long#MAX_VALUE} for an unbounded read).
     */
    public record BucketRange(EnrichedBucket bucket, long startOffset, long stopOffset) {}

    /**
     * Subscribes several buckets, as {@link #subscribe(EnrichedBucket, long, long)} does each, with
     * the offsets their subscriptions need looked up together.
     */
    public void subscribe(List<BucketRange> ranges) {
        prepareSubscriptions(ranges.stream().map(BucketRange::bucket).toList());
        try {
            for (BucketRange range : ranges) {
                subscribe(range.bucket(), range.startOffset(), range.stopOffset());
            }
        } finally {
            preparedOffsets.clear(); // only for these subscriptions: offsets move
            preparedSources.clear();
        }
    }

    /**
     * Looks up, for the buckets about to be subscribed, the offsets each subscription needs (the
     * base's log start, each companion's log start and high watermark, and the source offsets of
     * each companion bucket's first and last row): one request per table and partition, and two
     * probing scanners per companion, instead of as many per bucket. A failed lookup leaves the
     * subscriptions to ask one by one.
     */
    private void prepareSubscriptions(List<EnrichedBucket> buckets) {
        if (buckets.isEmpty()) {
            return;
        }
        try {
            remember(table.tablePath(), offsets.earliest(table.tablePath(), buckets), true);
            for (Source companion : companions) {
                List<EnrichedBucket> present =
                        buckets.stream()
                                .filter(
                                        b ->
                                                b.partitionName() == null
                                                        || companion.partitionId(b).isPresent())
                                .toList();
                if (!present.isEmpty()) {
                    Map<EnrichedBucket, Long> starts = offsets.earliest(companion.path, present);
                    Map<EnrichedBucket, Long> ends =
                            offsets.highWatermarks(companion.path, present);
                    remember(companion.path, starts, true);
                    remember(companion.path, ends, false);
                    probeEnds(companion, starts, ends);
                }
            }
        } catch (RuntimeException e) {
            LOG.debug("Could not look up the start offsets of {} at once", buckets, e);
            preparedOffsets.clear();
            preparedSources.clear();
        }
    }

    /**
     * Reads, in every bucket of a companion that holds rows, the source offsets of its first and
     * last row (where {@link #trySubscribeCompanion} places the read): two scanners for all
     * buckets.
     */
    private void probeEnds(
            Source companion, Map<EnrichedBucket, Long> starts, Map<EnrichedBucket, Long> ends) {
        Map<EnrichedBucket, Long> firstRows = new HashMap<>();
        Map<EnrichedBucket, Long> lastRows = new HashMap<>();
        starts.forEach(
                (bucket, start) -> {
                    Long end = ends.get(bucket);
                    if (end != null && end > start) {
                        firstRows.put(bucket, start);
                        lastRows.put(bucket, end - 1);
                    }
                });
        for (Map<EnrichedBucket, Long> positions : List.of(firstRows, lastRows)) {
            probe.sourceOffsetsAt(
                            companion.path,
                            positions,
                            bucket -> companion.partitionId(bucket).orElse(null))
                    .forEach(
                            (bucket, source) ->
                                    preparedSources.put(
                                            new PreparedSource(
                                                    companion.path, bucket, positions.get(bucket)),
                                            source));
        }
    }

    /** A companion row's source offset read ahead by {@link #probeEnds}. */
    private record PreparedSource(TablePath companion, EnrichedBucket bucket, long logOffset) {}

    private long sourceOffsetAt(Source companion, EnrichedBucket bucket, long logOffset) {
        Long prepared =
                preparedSources.remove(new PreparedSource(companion.path, bucket, logOffset));
        if (prepared != null) {
            return prepared;
        }
        Long partitionId = companion.partitionId(bucket).orElse(null);
        return probe.sourceOffsetAt(companion.path, partitionId, bucket.bucket(), logOffset);
    }

    private void remember(TablePath path, Map<EnrichedBucket, Long> found, boolean logStart) {
        found.forEach(
                (bucket, offset) ->
                        preparedOffsets.put(new PreparedOffset(path, bucket, logStart), offset));
    }

    /** An offset looked up ahead by {@link #prepareSubscriptions}. */
    private record PreparedOffset(TablePath table, EnrichedBucket bucket, boolean logStart) {}

    private long logStart(TablePath path, EnrichedBucket bucket) {
        Long prepared = preparedOffsets.remove(new PreparedOffset(path, bucket, true));
        return prepared != null ? prepared : offsets.earliest(path, bucket);
    }

    private long highWatermark(TablePath path, EnrichedBucket bucket) {
        Long prepared = preparedOffsets.remove(new PreparedOffset(path, bucket, false));
        return prepared != null ? prepared : offsets.highWatermark(path, bucket);
    }

    /**
     * Reads a bucket from base offset {@code startOffset} (inclusive) to {@code stopOffset}
     * (exclusive; {@link Long#MAX_VALUE} for an unbounded read).
     */
    public void subscribe(EnrichedBucket bucket, long startOffset, long stopOffset) {
        if (stitchers.containsKey(bucket)) {
            throw new IllegalStateException(bucket + " is already subscribed");
        }
        OptionalLong logStart = baseLogStart(bucket);
        if (logStart.isPresent() && startOffset < logStart.getAsLong()) {
            // Retention removed rows this reader had not read yet (a restore after a long stop).
            LOG.warn(
                    "Rows {}..{} of table {}, {} expired before this reader read them; reading on"
                            + " from {}.",
                    startOffset,
                    logStart.getAsLong() - 1,
                    table.tablePath(),
                    bucket,
                    logStart.getAsLong());
            startOffset = Math.min(logStart.getAsLong(), Math.max(startOffset, stopOffset));
        }
        BucketStitcher stitcher =
                new BucketStitcher(table.tablePath(), bucket, plan, startOffset, stopOffset);
        stitchers.put(bucket, stitcher);
        if (logStart.isEmpty()) {
            retire(stitcher);
            return;
        }
        if (stitcher.isFinished()) {
            return;
        }
        if (!base.subscribe(bucket, startOffset)) {
            retire(stitcher);
            return;
        }
        for (int g = 0; g < companions.size(); g++) {
            companions.get(g).subscribed.put(bucket, false);
            trySubscribeCompanion(g, stitcher);
        }
    }

    /** Stops reading a bucket and forgets its buffered rows. */
    public void unsubscribe(EnrichedBucket bucket) {
        if (stitchers.remove(bucket) == null) {
            return;
        }
        base.unsubscribe(bucket);
        base.subscribed.remove(bucket);
        for (Source companion : companions) {
            companion.unsubscribe(bucket);
            companion.subscribed.remove(bucket);
        }
    }

    /** The next base offset that will be emitted for a bucket (its checkpointable position). */
    public long nextOffset(EnrichedBucket bucket) {
        return stitchers.get(bucket).nextOffset();
    }

    /** Whether every subscribed bucket has reached its stop offset. */
    public boolean isFinished() {
        return stitchers.values().stream().allMatch(BucketStitcher::isFinished);
    }

    /** Buckets that reached their stop offset. */
    public List<EnrichedBucket> finishedBuckets() {
        return stitchers.values().stream()
                .filter(BucketStitcher::isFinished)
                .map(BucketStitcher::bucket)
                .toList();
    }

    /** Waits up to {@code timeout} for whole rows; returns those available (maybe none). */
    public List<StitchedRecord> poll(Duration timeout) {
        List<StitchedRecord> out = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        do {
            periodicChecks();
            retryPendingCompanions();
            boolean fetched = fetch(base, -1);
            for (int g = 0; g < companions.size(); g++) {
                fetched |= fetch(companions.get(g), g);
            }
            if (!fetched) {
                idle();
            }
            long shares = bufferShares();
            for (BucketStitcher stitcher : stitchers.values()) {
                stitcher.drain(out::add);
                while (stitcher.pendingSkip() != null || stitcher.pendingRewind() != null) {
                    if (stitcher.pendingSkip() != null) {
                        explainSkip(stitcher);
                    } else {
                        rewind(stitcher);
                    }
                    stitcher.drain(out::add);
                }
                applyBackpressure(stitcher, shares);
            }
        } while (out.isEmpty() && !isFinished() && System.nanoTime() < deadline);
        return out;
    }

    /** Polls one source for a short slice; false if it had nothing to poll. */
    private boolean fetch(Source source, int group) {
        if (!source.hasSubscriptions()) {
            return false;
        }
        ScanRecords records;
        try {
            records = source.scanner.poll(SLICE);
        } catch (FetchException e) {
            if (!isOutOfRange(e) || !moveExpiredPositions(source, group)) {
                throw e;
            }
            return true;
        } catch (AuthorizationException e) {
            throw ReadPermission.denied(source.path, e);
        }
        for (TableBucket tableBucket : records.buckets()) {
            BucketStitcher stitcher = stitchers.get(source.bucketOf(tableBucket));
            if (stitcher == null) {
                continue;
            }
            List<ScanRecord> bucketRecords = records.records(tableBucket);
            source.rowSize.sample(bucketRecords);
            if (group < 0) {
                stitcher.addBase(bucketRecords);
            } else {
                stitcher.addCompanion(group, bucketRecords);
            }
        }
        return true;
    }

    private static void idle() {
        FlussCalls.pause(SLICE.toMillis(), "rows");
    }

    /**
     * Where the read of one bucket stands.
     *
     * @param nextOffset the next base offset the reader will emit
     * @param enrichedUpTo the base offset (exclusive) up to which every gating group's rows have
     *     reached the reader; {@code Long.MAX_VALUE} when no group gates the read
     * @param heldBackRows base rows fetched but held back because a group has not enriched them
     * @param oldestHeldBackMillis commit time of the oldest of them, empty when none is held back
     */
    public record BucketReadState(
            long nextOffset,
            long enrichedUpTo,
            int heldBackRows,
            OptionalLong oldestHeldBackMillis) {}

    /** Where the read of each subscribed bucket stands right now. */
    public Map<EnrichedBucket, BucketReadState> readStates() {
        Map<EnrichedBucket, BucketReadState> states = new LinkedHashMap<>();
        for (BucketStitcher stitcher : stitchers.values()) {
            states.put(
                    stitcher.bucket(),
                    new BucketReadState(
                            stitcher.nextOffset(),
                            stitcher.enrichedUpTo(),
                            stitcher.pendingBase(),
                            stitcher.oldestPendingBaseMillis()));
        }
        return states;
    }

    /**
     * The base high watermark of every bucket still being read: one list-offsets request per
     * partition.
     */
    public Map<EnrichedBucket, Long> highWatermarks() {
        List<EnrichedBucket> reading =
                stitchers.values().stream()
                        .filter(stitcher -> !stitcher.isFinished())
                        .map(BucketStitcher::bucket)
                        .toList();
        return reading.isEmpty() ? Map.of() : offsets.highWatermarks(table.tablePath(), reading);
    }

    /** Rows held back right now: base and companion rows waiting for their match. */
    public long bufferedRows() {
        long rows = 0;
        for (BucketStitcher stitcher : stitchers.values()) {
            rows += stitcher.pendingBase();
            for (int g = 0; g < companions.size(); g++) {
                rows += stitcher.pendingCompanion(g);
            }
        }
        return rows;
    }

    /** The estimated heap of the rows held back right now (what the bound in bytes counts). */
    public long bufferedBytes() {
        long bytes = 0;
        for (BucketStitcher stitcher : stitchers.values()) {
            bytes += stitcher.pendingBase() * base.rowSize.bytesPerRow();
            for (int g = 0; g < companions.size(); g++) {
                bytes += stitcher.pendingCompanion(g) * companions.get(g).rowSize.bytesPerRow();
            }
        }
        return bytes;
    }

    /** Into how many equal shares the buffer bound is split: unfinished buckets times tables. */
    private long bufferShares() {
        long active = stitchers.values().stream().filter(s -> !s.isFinished()).count();
        return active * (1 + companions.size());
    }

    /**
     * Pauses fetching a bucket from a table once it holds its share of the buffer bound, resumes it
     * once half of that is drained.
     */
    private void applyBackpressure(BucketStitcher stitcher, long shares) {
        EnrichedBucket bucket = stitcher.bucket();
        if (stitcher.isFinished()) {
            base.unsubscribe(bucket);
            companions.forEach(c -> c.unsubscribe(bucket));
            return;
        }
        int baseShare = bufferBound.shareInRows(shares, base.rowSize.bytesPerRow());
        if (stitcher.pendingBase() >= baseShare) {
            base.unsubscribe(bucket);
        } else if (stitcher.pendingBase() <= baseShare / 2 && !base.isSubscribed(bucket)) {
            base.subscribe(bucket, stitcher.baseReceivedUpTo());
        }
        for (int g = 0; g < companions.size(); g++) {
            Source companion = companions.get(g);
            long position = stitcher.companionReceivedUpTo(g);
            if (position < 0) {
                continue; // partition not created yet
            }
            int share = bufferBound.shareInRows(shares, companion.rowSize.bytesPerRow());
            if (stitcher.pendingCompanion(g) >= share) {
                companion.unsubscribe(bucket);
            } else if (stitcher.pendingCompanion(g) <= share / 2
                    && !companion.isSubscribed(bucket)) {
                companion.subscribe(bucket, position);
            }
        }
    }

    private void retryPendingCompanions() {
        long now = System.nanoTime();
        if (now - lastPartitionRetry < PARTITION_RETRY_NANOS) {
            return;
        }
        lastPartitionRetry = now;
        for (BucketStitcher stitcher : stitchers.values()) {
            for (int g = 0; g < companions.size(); g++) {
                if (stitcher.companionReceivedUpTo(g) < 0 && !stitcher.isFinished()) {
                    trySubscribeCompanion(g, stitcher);
                }
            }
        }
    }

    /**
     * Subscribes a companion bucket near the log position of the next expected base offset,
     * estimated from the source offsets of its first and last rows (O(1) extra rows read, not the
     * whole companion). Rows before it that are read anyway are skipped; a position past it shows
     * as a skip, and the companion is read again from its first row (see {@link #explainSkip}).
     */
    private void trySubscribeCompanion(int group, BucketStitcher stitcher) {
        Source companion = companions.get(group);
        EnrichedBucket bucket = stitcher.bucket();
        if (bucket.partitionName() != null && companion.partitionId(bucket).isEmpty()) {
            return; // not created yet: the enrichment writer creates it with its first row
        }
        long earliest = logStart(companion.path, bucket);
        long highWatermark = highWatermark(companion.path, bucket);
        long position = earliest;
        boolean estimated = false;
        if (highWatermark > earliest) {
            long next = stitcher.nextOffset();
            long firstSource = sourceOffsetAt(companion, bucket, earliest);
            long lastSource = sourceOffsetAt(companion, bucket, highWatermark - 1);
            // Counted from the first row: exact unless offsets were skipped (expired base rows)
            // before the next one; counted back from the last row: exact unless duplicates
            // follow it. The smaller one; an overshoot shows as a skip and is read again.
            long fromStart = earliest + Math.max(0, next - firstSource);
            long fromEnd = highWatermark - Math.max(0, lastSource + 1 - next);
            position = Math.max(earliest, Math.min(fromStart, fromEnd));
            estimated = position > earliest;
        }
        stitcher.startCompanionAt(group, position, estimated);
        companion.subscribe(bucket, position);
    }

    /**
     * A companion row past the expected offset stops a bucket's merge. In order: the companion's
     * own retention removed the rows (the row is its first stored one: those base rows are left out
     * of group projections); the companion was subscribed at an estimated position that overshot
     * (read it again from its first row); the base's retention removed the rows before the group
     * enriched them (the writer moved past them: so does the reader); else the companion is
     * corrupt.
     */
    private void explainSkip(BucketStitcher stitcher) {
        BucketStitcher.Skip skip = stitcher.pendingSkip();
        EnrichedBucket bucket = stitcher.bucket();
        Source companion = companions.get(skip.group());
        long companionStart = offsets.earliest(companion.path, bucket);
        if (skip.logOffset() <= companionStart) {
            LOG.warn(
                    "Group '{}' of table {}, {} no longer holds offsets {}..{} (companion"
                            + " retention): those rows are left out of projections of the group.",
                    plan.groups().get(skip.group()),
                    table.tablePath(),
                    bucket,
                    skip.expected(),
                    skip.source() - 1);
            stitcher.leaveOutBelow(skip.source());
        } else if (stitcher.skipFromEstimate()) {
            companion.unsubscribe(bucket);
            stitcher.startCompanionAt(skip.group(), companionStart, false);
            companion.subscribe(bucket, companionStart);
        } else if (skip.source() <= offsets.earliest(table.tablePath(), bucket)) {
            stitcher.leaveOutBelow(skip.source());
        } else {
            LOG.warn(
                    "Group '{}' of table {}, {} lacks offset {} although rows after it were"
                            + " written (a failed append); waiting for the enrichment job to write"
                            + " it again.",
                    plan.groups().get(skip.group()),
                    table.tablePath(),
                    bucket,
                    skip.expected());
            stitcher.awaitRefill();
        }
    }

    /** Reads a companion again from where a filled hole was, for the rows that came after it. */
    private void rewind(BucketStitcher stitcher) {
        BucketStitcher.Rewind rewind = stitcher.pendingRewind();
        EnrichedBucket bucket = stitcher.bucket();
        Source companion = companions.get(rewind.group());
        companion.unsubscribe(bucket);
        stitcher.startCompanionAt(rewind.group(), rewind.logOffset(), false);
        companion.subscribe(bucket, rewind.logOffset());
    }

    /** The base's log start in a bucket, or empty if its partition no longer exists. */
    private OptionalLong baseLogStart(EnrichedBucket bucket) {
        try {
            return OptionalLong.of(logStart(table.tablePath(), bucket));
        } catch (RuntimeException e) {
            if (bucket.partitionName() != null && FlussCalls.isPartitionGone(e)) {
                return OptionalLong.empty();
            }
            throw e;
        }
    }

    private static boolean isOutOfRange(FetchException e) {
        return String.valueOf(e.getMessage()).contains("out of range");
    }

    /**
     * Retention removed rows a source had not fetched yet (the reader fell behind, or a paused
     * bucket resumed below the log start): Fluss then fails every poll. Each such bucket moves on
     * to the table's log start; the rows in between are gone for every reader. False if no bucket
     * of this source was behind.
     */
    private boolean moveExpiredPositions(Source source, int group) {
        boolean moved = false;
        for (BucketStitcher stitcher : stitchers.values()) {
            EnrichedBucket bucket = stitcher.bucket();
            if (stitcher.isFinished() || !source.isSubscribed(bucket)) {
                continue;
            }
            long logStart = offsets.earliest(source.path, bucket);
            long position =
                    group < 0 ? stitcher.baseReceivedUpTo() : stitcher.companionReceivedUpTo(group);
            if (position >= logStart) {
                continue;
            }
            LOG.warn(
                    "Rows at log offsets {}..{} of table {}, {} expired before this reader fetched"
                            + " them; reading on from {}.",
                    position,
                    logStart - 1,
                    source.path,
                    bucket,
                    logStart);
            source.unsubscribe(bucket);
            if (group < 0) {
                stitcher.leaveOutBelow(logStart);
            } else {
                stitcher.startCompanionAt(group, logStart, false);
            }
            source.subscribe(bucket, logStart);
            moved = true;
        }
        return moved;
    }

    /**
     * Every {@link #PERIODIC_CHECK}: retires the buckets whose partition no longer exists (dropped,
     * or expired by auto-partitioning; Fluss's scanner just returns nothing for them, so the
     * partitions are listed, one request per table), and moves buckets waiting for a hole past it
     * once base retention removed its rows.
     */
    private void periodicChecks() {
        long now = System.nanoTime();
        if (now - lastPeriodicCheck < PERIODIC_CHECK.toNanos()) {
            return;
        }
        lastPeriodicCheck = now;
        Set<String> existing = table.isPartitioned() ? base.partitionIds.all().keySet() : Set.of();
        for (BucketStitcher stitcher : stitchers.values()) {
            if (stitcher.isFinished()) {
                continue;
            }
            EnrichedBucket bucket = stitcher.bucket();
            if (bucket.partitionName() != null && !existing.contains(bucket.partitionName())) {
                retire(stitcher);
            } else if (stitcher.awaitsRefill()) {
                OptionalLong logStart = baseLogStart(bucket);
                if (logStart.isPresent() && logStart.getAsLong() > stitcher.nextOffset()) {
                    stitcher.abandonHole(logStart.getAsLong());
                }
            }
        }
    }

    private void retire(BucketStitcher stitcher) {
        EnrichedBucket bucket = stitcher.bucket();
        LOG.info(
                "{} of table {} no longer exists: its partition is gone.",
                bucket,
                table.tablePath());
        stitcher.retire();
        base.unsubscribe(bucket);
        companions.forEach(c -> c.unsubscribe(bucket));
    }

    @Override
    public void close() throws Exception {
        base.close();
        for (Source companion : companions) {
            companion.close();
        }
    }
}
