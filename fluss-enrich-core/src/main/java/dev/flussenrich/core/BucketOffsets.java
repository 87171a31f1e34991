/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.ManyPartitionOffsets;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.client.admin.ListOffsetsResult;
import org.apache.fluss.client.admin.OffsetSpec;
import org.apache.fluss.exception.FlussRuntimeException;
import org.apache.fluss.exception.RetriableException;
import org.apache.fluss.metadata.TablePath;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import static dev.flussenrich.core.internal.FlussCalls.pause;

/** Earliest, latest (high watermark) and by-timestamp offsets of one bucket of a Fluss table. */
@Internal
public final class BucketOffsets {

    /** How long to wait for a bucket leader (new partition, failover) before giving up. */
    private static final Duration LEADER_WAIT = Duration.ofSeconds(30);

    /**
     * How long one list-offsets request is waited for. Fluss 0.9.1's admin never completes the
     * per-bucket future when the request itself fails (FlussAdmin.sendListOffsetsRequest handles
     * only a response, apache/fluss#3027): a request sent to a leader that just died (the client's
     * metadata still names it) would be waited for forever. Past this, it is sent again, after a
     * metadata refresh.
     */
    private static final Duration REQUEST_WAIT = Duration.ofSeconds(5);

    private final ManyPartitionOffsets requests;

    /** Asks through the admin alone, one partition at a time (see {@link #listByPartition}). */
    public BucketOffsets(Admin admin) {
        this.requests = ManyPartitionOffsets.throughAdmin(admin);
    }

    /** Asks the offsets of many partitions after one metadata update for all of them. */
    public BucketOffsets(Connection connection) {
        this.requests = ManyPartitionOffsets.of(connection);
    }

    /** The first offset still stored. */
    public long earliest(TablePath table, EnrichedBucket bucket) {
        return list(table, bucket, new OffsetSpec.EarliestSpec());
    }

    /** The high watermark: the next offset to be assigned; everything below is replicated. */
    public long highWatermark(TablePath table, EnrichedBucket bucket) {
        return list(table, bucket, new OffsetSpec.LatestSpec());
    }

    /** The first stored offsets of several buckets: one request per partition. */
    public Map<EnrichedBucket, Long> earliest(TablePath table, List<EnrichedBucket> buckets) {
        return listByPartition(table, buckets, new OffsetSpec.EarliestSpec());
    }

    /** The high watermarks of several buckets: one request per partition. */
    public Map<EnrichedBucket, Long> highWatermarks(TablePath table, List<EnrichedBucket> buckets) {
        return listByPartition(table, buckets, new OffsetSpec.LatestSpec());
    }

    /** {@link #atTimestamp} for several buckets: one request per partition. */
    public Map<EnrichedBucket, Long> atTimestamp(
            TablePath table, List<EnrichedBucket> buckets, long timestampMs) {
        return listByPartition(table, buckets, new OffsetSpec.TimestampSpec(timestampMs));
    }

    /**
     * One request per partition, all sent before the first answer is awaited, so the answers' round
     * trips overlap. Fluss 0.9.1's admin updates its metadata and reads the table info
     * synchronously inside each send, three round trips per partition (at 30 partitions most of a
     * lookup, see performance.md) and two for a table without partitions; so, given a connection,
     * the requests go out after one metadata update for all partitions ({@link
     * ManyPartitionOffsets}), a table without partitions' too, and through the admin if that update
     * fails. A partition whose request fails with a transient error (a leader moving) is asked
     * again on its own, through the admin.
     */
    private Map<EnrichedBucket, Long> listByPartition(
            TablePath table, List<EnrichedBucket> buckets, OffsetSpec spec) {
        Map<String, List<EnrichedBucket>> byPartition = new LinkedHashMap<>();
        for (EnrichedBucket bucket : buckets) {
            byPartition.computeIfAbsent(bucket.partitionName(), p -> new ArrayList<>()).add(bucket);
        }
        Map<String, List<Integer>> bucketIds = new LinkedHashMap<>();
        byPartition.forEach(
                (name, partition) ->
                        bucketIds.put(
                                name, partition.stream().map(EnrichedBucket::bucket).toList()));
        Map<String, ListOffsetsResult> sent = requests.sendAll(table, bucketIds, spec);
        Map<EnrichedBucket, Long> offsets = new HashMap<>();
        byPartition.forEach(
                (name, partition) -> {
                    ListOffsetsResult result = sent.get(name);
                    Map<EnrichedBucket, Long> answered =
                            result == null
                                    ? null
                                    : nullIfTransient(() -> await(table, partition, result));
                    offsets.putAll(answered != null ? answered : list(table, partition, spec));
                });
        return offsets;
    }

    /** The call's result; null on a transient failure (then {@link #list} asks again). */
    private static <T> T nullIfTransient(Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            if (!isTransient(e)) {
                throw e;
            }
            return null;
        }
    }

    /** The first offset whose commit timestamp is at or after {@code timestampMs}. */
    public long atTimestamp(TablePath table, EnrichedBucket bucket, long timestampMs) {
        return list(table, bucket, new OffsetSpec.TimestampSpec(timestampMs));
    }

    private long list(TablePath table, EnrichedBucket bucket, OffsetSpec spec) {
        return listByPartition(table, List.of(bucket), spec).get(bucket);
    }

    private Map<EnrichedBucket, Long> list(
            TablePath table, List<EnrichedBucket> buckets, OffsetSpec spec) {
        long deadline = System.nanoTime() + LEADER_WAIT.toNanos();
        while (true) {
            try {
                return await(table, buckets, send(table, buckets, spec));
            } catch (RuntimeException e) {
                // A bucket of a just-created partition (or one failing over) has no leader yet.
                if (!isTransient(e) || System.nanoTime() > deadline) {
                    throw e;
                }
                pause(100, "a bucket leader");
            }
        }
    }

    /** One list-offsets request for buckets of one partition (or of a table without any). */
    private ListOffsetsResult send(TablePath table, List<EnrichedBucket> buckets, OffsetSpec spec) {
        String partitionName = buckets.get(0).partitionName();
        List<Integer> ids = new ArrayList<>(buckets.size());
        for (EnrichedBucket bucket : buckets) {
            if (!Objects.equals(bucket.partitionName(), partitionName)) {
                throw new IllegalArgumentException("Buckets of different partitions: " + buckets);
            }
            ids.add(bucket.bucket());
        }
        return requests.sendOne(table, partitionName, ids, spec);
    }

    private static Map<EnrichedBucket, Long> await(
            TablePath table, List<EnrichedBucket> buckets, ListOffsetsResult result) {
        Map<EnrichedBucket, Long> offsets = new HashMap<>();
        for (EnrichedBucket bucket : buckets) {
            offsets.put(
                    bucket,
                    FlussCalls.await(
                            result.bucketResult(bucket.bucket()),
                            REQUEST_WAIT,
                            String.format(
                                    "a list-offsets request for %s of table %s (its leader"
                                            + " may have died)",
                                    bucket, table)));
        }
        return offsets;
    }

    private static boolean isTransient(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RetriableException
                    || (t instanceof FlussRuntimeException
                            && String.valueOf(t.getMessage()).startsWith("Leader not found"))) {
                return true;
            }
        }
        return false;
    }
}
