/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.LogScanners;
import dev.flussenrich.core.internal.ReadPermission;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.scanner.log.ScanRecords;
import org.apache.fluss.exception.AuthorizationException;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TablePath;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.Function;

/** Reads the source offset stored at one position of a companion bucket. */
@Internal
public final class CompanionProbe {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(100);

    /** A poll of one of several probes: short, so that the others' answers are taken soon. */
    private static final Duration SHARED_POLL = Duration.ofMillis(5);

    private final Connection connection;

    public CompanionProbe(Connection connection) {
        this.connection = connection;
    }

    /**
     * The {@code _source_offset} of the companion row at log offset {@code position}.
     *
     * @param partitionId the companion's partition id, or null if not partitioned
     */
    public long sourceOffsetAt(TablePath companion, Long partitionId, int bucket, long position) {
        EnrichedBucket only = EnrichedBucket.of(null, bucket);
        long[] source = new long[1];
        readSourceOffsets(
                companion,
                Map.of(only, new LogRange(position, position + 1)),
                b -> partitionId,
                (b, offset) -> source[0] = offset);
        return source[0];
    }

    /**
     * The {@code _source_offset} of the companion row at one log position in each of several
     * buckets, for several sets of positions at once (a bucket's first and last row are two sets).
     * One table handle, one scanner per set for all its buckets (a probe per bucket costs a handle,
     * a scanner and a fetch round trip each), and every set's fetches sent before any is waited
     * for, so the sets take one round trip together instead of one each.
     *
     * @param positionSets each set maps a bucket to the log offset to read
     * @param partitionIdOf a bucket's partition id in the companion, or null if not partitioned
     * @return the source offsets found, one map per set, in the order of {@code positionSets}
     */
    public List<Map<EnrichedBucket, Long>> sourceOffsetsAt(
            TablePath companion,
            List<Map<EnrichedBucket, Long>> positionSets,
            Function<EnrichedBucket, Long> partitionIdOf) {
        if (positionSets.stream().allMatch(Map::isEmpty)) {
            return positionSets.stream().<Map<EnrichedBucket, Long>>map(set -> Map.of()).toList();
        }
        return withTable(
                companion,
                table -> {
                    try (OpenProbes open = new OpenProbes()) {
                        List<PositionProbe> probes = open.probes;
                        for (Map<EnrichedBucket, Long> positions : positionSets) {
                            probes.add(new PositionProbe(sourceOffsetScanner(table), positions));
                        }
                        long tableId = table.getTableInfo().getTableId();
                        for (PositionProbe probe : probes) {
                            probe.subscribe(tableId, partitionIdOf);
                            probe.sendFetches();
                        }
                        long deadline = System.nanoTime() + TIMEOUT.toNanos();
                        while (System.nanoTime() < deadline) {
                            boolean done = true;
                            for (PositionProbe probe : probes) {
                                done &= probe.pollOnce(SHARED_POLL);
                            }
                            if (done) {
                                return probes.stream().map(probe -> probe.found).toList();
                            }
                        }
                        throw new IllegalStateException(
                                String.format(
                                        "Could not read positions %s of companion table '%s' within"
                                                + " %s.",
                                        positionSets, companion, TIMEOUT));
                    }
                });
    }

    /**
     * The probes of one read, closed together: in a try-with-resources, so that a failure to close
     * one is added to the failure of the read (as suppressed) instead of replacing it.
     */
    private static final class OpenProbes implements AutoCloseable {
        final List<PositionProbe> probes = new ArrayList<>();

        @Override
        public void close() {
            IllegalStateException failure = null;
            for (PositionProbe probe : probes) {
                try {
                    probe.scanner.close();
                } catch (Exception e) {
                    if (failure == null) {
                        failure = new IllegalStateException("Could not close a companion probe", e);
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
        }
    }

    /** One set of positions, read through its own scanner. */
    private static final class PositionProbe {
        private final LogScanner scanner;
        private final Map<EnrichedBucket, Long> positions;
        private final Map<TableBucket, EnrichedBucket> buckets = new HashMap<>();
        private final Map<EnrichedBucket, Long> found = new HashMap<>();

        PositionProbe(LogScanner scanner, Map<EnrichedBucket, Long> positions) {
            this.scanner = scanner;
            this.positions = positions;
        }

        void subscribe(long tableId, Function<EnrichedBucket, Long> partitionIdOf) {
            positions.forEach(
                    (bucket, position) -> {
                        Long partitionId = partitionIdOf.apply(bucket);
                        LogScanners.subscribe(scanner, partitionId, bucket.bucket(), position);
                        buckets.put(new TableBucket(tableId, partitionId, bucket.bucket()), bucket);
                    });
        }

        /** Sends this probe's fetches without waiting (Fluss sends them at the start of a poll). */
        void sendFetches() {
            if (!positions.isEmpty()) {
                pollOnce(Duration.ZERO);
            }
        }

        /** Polls once; true when every position of the set is found. */
        boolean pollOnce(Duration timeout) {
            if (found.size() == positions.size()) {
                return true;
            }
            ScanRecords records = scanner.poll(timeout);
            for (TableBucket tableBucket : records.buckets()) {
                EnrichedBucket bucket = buckets.get(tableBucket);
                if (bucket != null && !found.containsKey(bucket)) {
                    OptionalLong source =
                            sourceOffsetAt(records.records(tableBucket), positions.get(bucket));
                    if (source.isPresent()) {
                        found.put(bucket, source.getAsLong());
                        // The rest of its fetch (up to a whole bucket, when the probe reads a
                        // first row) is dropped, not decoded.
                        LogScanners.unsubscribe(
                                scanner, tableBucket.getPartitionId(), tableBucket.getBucket());
                    }
                }
            }
            return found.size() == positions.size();
        }
    }

    private static OptionalLong sourceOffsetAt(List<ScanRecord> records, long position) {
        for (ScanRecord record : records) {
            if (record.logOffset() == position) {
                return OptionalLong.of(record.getRow().getLong(0));
            }
        }
        return OptionalLong.empty();
    }

    /** Log offsets [from, to) of one companion bucket. */
    record LogRange(long from, long to) {}

    /**
     * Passes the {@code _source_offset} of each companion row in each bucket's range to {@code
     * reader}, in log order per bucket, with one scanner for all buckets.
     *
     * @param partitionIdOf a bucket's partition id in the companion, or null if not partitioned
     */
    void readSourceOffsets(
            TablePath companion,
            Map<EnrichedBucket, LogRange> ranges,
            Function<EnrichedBucket, Long> partitionIdOf,
            BiConsumer<EnrichedBucket, Long> reader) {
        if (ranges.isEmpty()) {
            return;
        }
        withScanner(
                companion,
                (table, scanner) -> {
                    long tableId = table.getTableInfo().getTableId();
                    Map<TableBucket, EnrichedBucket> reading = new HashMap<>();
                    Map<EnrichedBucket, Long> next = new HashMap<>();
                    ranges.forEach(
                            (bucket, range) -> {
                                Long partitionId = partitionIdOf.apply(bucket);
                                LogScanners.subscribe(
                                        scanner, partitionId, bucket.bucket(), range.from());
                                reading.put(
                                        new TableBucket(tableId, partitionId, bucket.bucket()),
                                        bucket);
                                next.put(bucket, range.from());
                            });
                    long deadline = System.nanoTime() + TIMEOUT.toNanos();
                    while (System.nanoTime() < deadline) {
                        ScanRecords records = scanner.poll(POLL);
                        if (!records.isEmpty()) {
                            // Progress, not a stall: a long read is allowed as long as rows come.
                            deadline = System.nanoTime() + TIMEOUT.toNanos();
                        }
                        for (TableBucket tableBucket : records.buckets()) {
                            EnrichedBucket bucket = reading.get(tableBucket);
                            if (bucket == null || !next.containsKey(bucket)) {
                                continue;
                            }
                            long to = ranges.get(bucket).to();
                            for (ScanRecord record : records.records(tableBucket)) {
                                long offset = record.logOffset();
                                if (offset >= next.get(bucket) && offset < to) {
                                    reader.accept(bucket, record.getRow().getLong(0));
                                    next.put(bucket, offset + 1);
                                }
                            }
                            if (next.get(bucket) >= to) {
                                next.remove(bucket);
                                LogScanners.unsubscribe(
                                        scanner,
                                        tableBucket.getPartitionId(),
                                        tableBucket.getBucket());
                            }
                        }
                        if (next.isEmpty()) {
                            return null;
                        }
                    }
                    throw new IllegalStateException(
                            String.format(
                                    "Could not read %s of companion table '%s' within %s.",
                                    describe(ranges, next), companion, TIMEOUT));
                });
    }

    /** The ranges still unread, e.g. "positions 5..9 of bucket 0". */
    private static String describe(
            Map<EnrichedBucket, LogRange> ranges, Map<EnrichedBucket, Long> next) {
        List<String> unread = new ArrayList<>();
        next.forEach(
                (bucket, from) ->
                        unread.add(
                                String.format(
                                        "positions %d..%d of bucket %d",
                                        from, ranges.get(bucket).to() - 1, bucket.bucket())));
        return String.join(", ", unread);
    }

    /** A read through a scanner of a companion's source offsets. */
    @FunctionalInterface
    private interface ScannerRead<T> {
        T read(Table table, LogScanner scanner);
    }

    /** Runs {@code read} with a scanner of the companion's {@code _source_offset} column. */
    private <T> T withScanner(TablePath companion, ScannerRead<T> read) {
        return withTable(
                companion,
                table -> {
                    try (LogScanner scanner = sourceOffsetScanner(table)) {
                        return read.read(table, scanner);
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new IllegalStateException(
                                "Could not read companion table " + companion, e);
                    }
                });
    }

    private static LogScanner sourceOffsetScanner(Table table) {
        return table.newScan()
                .project(List.of(EnrichedTableLayout.SOURCE_OFFSET_COLUMN))
                .createLogScanner();
    }

    /** Runs {@code read} with a handle of the companion table. */
    private <T> T withTable(TablePath companion, Function<Table, T> read) {
        try (Table table = FlussCalls.retrying(() -> connection.getTable(companion))) {
            return read.apply(table);
        } catch (AuthorizationException e) {
            throw ReadPermission.denied(companion, e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Could not read companion table " + companion, e);
        }
    }
}
