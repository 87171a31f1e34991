/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.client.admin.ListOffsetsResult;
import org.apache.fluss.client.admin.OffsetSpec;
import org.apache.fluss.exception.FlussRuntimeException;
import org.apache.fluss.exception.RetriableException;
import org.apache.fluss.metadata.TablePath;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static dev.flussenrich.core.internal.FlussCalls.pause;

/** Earliest, latest (high watermark) and by-timestamp offsets of one bucket of a Fluss table. */
@Internal
public final class BucketOffsets {

    private static final Logger LOG = LoggerFactory.getLogger(BucketOffsets.class);

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

    private final Admin admin;

    public BucketOffsets(Admin admin) {
        this.admin = admin;
    }

    /** The first offset still stored. */
    public long earliest(TablePath table, EnrichedBucket bucket) {
        return list(table, bucket, new OffsetSpec.EarliestSpec());
    }

    /** The high watermark: the next offset to be assigned; everything below is replicated. */
    public long highWatermark(TablePath table, EnrichedBucket bucket) {
        return list(table, bucket, new OffsetSpec.LatestSpec());
    }

    /** The first offset whose commit timestamp is at or after {@code timestampMs}. */
    public long atTimestamp(TablePath table, EnrichedBucket bucket, long timestampMs) {
        return list(table, bucket, new OffsetSpec.TimestampSpec(timestampMs));
    }

    private long list(TablePath table, EnrichedBucket bucket, OffsetSpec spec) {
        long deadline = System.nanoTime() + LEADER_WAIT.toNanos();
        while (true) {
            try {
                List<Integer> buckets = List.of(bucket.bucket());
                ListOffsetsResult result =
                        bucket.partitionName() == null
                                ? admin.listOffsets(table, buckets, spec)
                                : admin.listOffsets(table, bucket.partitionName(), buckets, spec);
                return awaitBounded(result.bucketResult(bucket.bucket()), table, bucket);
            } catch (RuntimeException e) {
                // A bucket of a just-created partition (or one failing over) has no leader yet.
                if (!isTransient(e) || System.nanoTime() > deadline) {
                    throw e;
                }
                pause(100, "a bucket leader");
            }
        }
    }

    private static long awaitBounded(
            CompletableFuture<Long> future, TablePath table, EnrichedBucket bucket) {
        try {
            return future.get(REQUEST_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn(
                    "No answer within {} to a list-offsets request for {} of table {}; asking again.",
                    REQUEST_WAIT,
                    bucket,
                    table);
            throw new org.apache.fluss.exception.TimeoutException(
                    String.format(
                            "No answer within %s to a list-offsets request for %s of table %s"
                                    + " (its leader may have died).",
                            REQUEST_WAIT, bucket, table),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for Fluss", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        }
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
