/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.progress.BucketProgress;
import dev.flussenrich.core.progress.EnrichmentWatermarks;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.Connection;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.metadata.ResolvedPartitionSpec;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.types.DataType;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

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
    private static final BinaryString[] NO_PARTITION = new BinaryString[0];

    private final EnrichedTable table;
    private final EnrichedTable.Group group;
    private final GapPolicy gapPolicy;
    private final TableAppender companion;
    private final BucketRouter router;
    private final EnrichmentWatermarks watermarks;
    private final BucketOffsets offsets;
    private final InternalRow.FieldGetter[] valueGetters;
    private final int[] valuePositions;
    private final int[] partitionPositions;
    private final int routePosition;
    private final int offsetPosition;
    private final int companionArity;

    private final Map<EnrichedBucket, BucketState> buckets = new HashMap<>();

    /**
     * Progress of buckets looked up for their lag before their first row; the first write uses it
     * instead of looking again.
     */
    private final Map<EnrichedBucket, BucketProgress> unwrittenProgress = new HashMap<>();

    /** Companion partitions known to exist, with their partition column values. */
    private final Map<String, BinaryString[]> partitionValues = new HashMap<>();

    private long rowsWritten;
    private long duplicatesDropped;
    private long gapsFilled;
    private long expiredSkipped;

    /** Per-bucket position: the watermark and the last base high watermark seen. */
    private static final class BucketState {
        long watermark;
        long baseHighWatermark;

        BucketState(long watermark, long baseHighWatermark) {
            this.watermark = watermark;
            this.baseHighWatermark = baseHighWatermark;
        }
    }

    public EnrichmentWriter(
            Connection connection, EnrichedTable table, String groupName, GapPolicy gapPolicy) {
        this.table = table;
        this.group = table.requireGroup(groupName);
        this.gapPolicy = gapPolicy;
        List<DataType> types = group.columnTypes();
        if (gapPolicy == GapPolicy.FILL_NULL) {
            for (int i = 0; i < types.size(); i++) {
                if (!types.get(i).isNullable()) {
                    throw new IllegalArgumentException(
                            String.format(
                                    "Gap policy fill-null needs nullable group columns, but column "
                                            + "'%s' of group '%s' of table '%s' is NOT NULL. Use "
                                            + "gap policy fail.",
                                    group.group().columns().get(i), groupName, table.tablePath()));
                }
            }
        }
        if (!connection.getConfiguration().get(ConfigOptions.CLIENT_WRITER_ENABLE_IDEMPOTENCE)) {
            // Without it a retried batch can land after its successor: a hole in the companion.
            throw new IllegalArgumentException(
                    String.format(
                            "Group '%s' of table '%s' cannot be written with '%s' = 'false': an"
                                    + " enrichment writer needs idempotent appends, or a retried"
                                    + " batch can land after the next one and leave a hole."
                                    + " Remove the option.",
                            groupName,
                            table.tablePath(),
                            ConfigOptions.CLIENT_WRITER_ENABLE_IDEMPOTENCE.key()));
        }
        this.companion =
                new TableAppender(
                        connection,
                        group.companionPath(),
                        String.format(
                                "Writing group '%s' of table '%s' to companion '%s'",
                                groupName, table.tablePath(), group.companionPath()));
        this.router = BucketRouter.forCompanion(group.companion());
        this.watermarks = new EnrichmentWatermarks(connection, table);
        this.offsets = new BucketOffsets(connection.getAdmin());

        this.valueGetters = new InternalRow.FieldGetter[types.size()];
        this.valuePositions = new int[types.size()];
        for (int i = 0; i < types.size(); i++) {
            valueGetters[i] = InternalRow.createFieldGetter(types.get(i), i);
            valuePositions[i] = group.companionIndexOf(group.group().columns().get(i));
        }
        List<String> partitionKeys = table.base().getPartitionKeys();
        this.partitionPositions = new int[partitionKeys.size()];
        for (int i = 0; i < partitionKeys.size(); i++) {
            partitionPositions[i] = group.companionIndexOf(partitionKeys.get(i));
        }
        this.routePosition = group.companionIndexOf(EnrichedTableLayout.ROUTE_COLUMN);
        this.offsetPosition = group.companionIndexOf(EnrichedTableLayout.SOURCE_OFFSET_COLUMN);
        this.companionArity = group.companion().getRowType().getFieldCount();
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
        if (values.getFieldCount() != valueGetters.length) {
            throw new IllegalArgumentException(
                    String.format(
                            "Group '%s' of table '%s' has %d columns %s, but the row has %d fields.",
                            group.name(),
                            table.tablePath(),
                            valueGetters.length,
                            group.group().columns(),
                            values.getFieldCount()));
        }
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
                throw gap(bucket, state.watermark, sourceOffset);
            }
            for (long missing = state.watermark; missing < sourceOffset; missing++) {
                append(bucket, missing, null);
                gapsFilled++;
            }
        }
        int appended = (int) (sourceOffset - state.watermark) + 1;
        append(bucket, sourceOffset, values);
        rowsWritten++;
        state.watermark = sourceOffset + 1;
        return appended;
    }

    /** The next source offset this writer expects in a bucket (looked up on first use). */
    public long watermark(EnrichedBucket bucket) {
        return stateOf(bucket).watermark;
    }

    /** Waits until every appended row is acknowledged; rethrows the first async failure. */
    public void flush() {
        companion.flush();
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
     * The lag of each bucket, asking the base's high watermarks once per partition. Buckets of
     * partitions that no longer exist are left out of the result and forgotten.
     */
    public Map<EnrichedBucket, Long> lags(Collection<EnrichedBucket> wanted) {
        Map<String, List<EnrichedBucket>> byPartition = new LinkedHashMap<>();
        for (EnrichedBucket bucket : wanted) {
            checkBucket(bucket);
            byPartition.computeIfAbsent(bucket.partitionName(), p -> new ArrayList<>()).add(bucket);
        }
        Map<EnrichedBucket, Long> lags = new HashMap<>();
        for (Map.Entry<String, List<EnrichedBucket>> partition : byPartition.entrySet()) {
            Map<EnrichedBucket, Long> highWatermarks;
            try {
                highWatermarks = offsets.highWatermarks(table.tablePath(), partition.getValue());
            } catch (RuntimeException e) {
                if (partition.getKey() != null && FlussCalls.isPartitionGone(e)) {
                    forgetPartition(partition.getKey());
                    continue;
                }
                throw e;
            }
            for (EnrichedBucket bucket : partition.getValue()) {
                long highWatermark = highWatermarks.get(bucket);
                BucketState state = buckets.get(bucket);
                if (state != null) {
                    state.baseHighWatermark = highWatermark;
                }
                lags.put(bucket, Math.max(0, highWatermark - groupWatermark(bucket)));
            }
        }
        return lags;
    }

    /** Forgets the buckets of a partition that no longer exists. */
    private void forgetPartition(String partitionName) {
        buckets.keySet().removeIf(b -> partitionName.equals(b.partitionName()));
        unwrittenProgress.keySet().removeIf(b -> partitionName.equals(b.partitionName()));
        partitionValues.remove(partitionName);
    }

    /**
     * The watermark of a bucket this writer wrote, else the group's watermark found in the
     * companion (looked up once: only this writer writes the bucket).
     */
    private long groupWatermark(EnrichedBucket bucket) {
        BucketState state = buckets.get(bucket);
        if (state != null) {
            return state.watermark;
        }
        return unwrittenProgress
                .computeIfAbsent(bucket, b -> watermarks.progress(group.name(), b))
                .watermark();
    }

    public Stats stats() {
        return new Stats(rowsWritten, duplicatesDropped, gapsFilled, expiredSkipped);
    }

    private BucketState stateOf(EnrichedBucket bucket) {
        checkBucket(bucket);
        BucketState state = buckets.get(bucket);
        if (state == null) {
            BucketProgress progress = unwrittenProgress.remove(bucket);
            if (progress == null) {
                progress = watermarks.progress(group.name(), bucket);
            }
            if (progress.expiredBeforeEnrichment()) {
                skipExpired(bucket, progress.enrichedUpTo(), progress.baseLogStart());
            }
            state =
                    new BucketState(
                            progress.watermark(), offsets.highWatermark(table.tablePath(), bucket));
            buckets.put(bucket, state);
        }
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

    private void checkBucket(EnrichedBucket bucket) {
        if (bucket.bucket() < 0 || bucket.bucket() >= router.numBuckets()) {
            throw new IllegalArgumentException(
                    String.format(
                            "Bucket %d does not exist in table '%s' (buckets 0..%d).",
                            bucket.bucket(), table.tablePath(), router.numBuckets() - 1));
        }
        if ((bucket.partitionName() != null) != table.isPartitioned()) {
            throw new IllegalArgumentException(
                    table.isPartitioned()
                            ? String.format(
                                    "Table '%s' is partitioned: the bucket needs a partition name.",
                                    table.tablePath())
                            : String.format(
                                    "Table '%s' is not partitioned, but the bucket names partition "
                                            + "'%s'.",
                                    table.tablePath(), bucket.partitionName()));
        }
    }

    private void checkBelowBaseHighWatermark(
            EnrichedBucket bucket, BucketState state, long sourceOffset) {
        if (sourceOffset < state.baseHighWatermark) {
            return;
        }
        state.baseHighWatermark = offsets.highWatermark(table.tablePath(), bucket);
        if (sourceOffset >= state.baseHighWatermark) {
            throw new EnrichmentContractException(
                    String.format(
                            "Cannot enrich offset %d of table '%s', group '%s', %s: the base "
                                    + "table's high watermark is %d, and enrichment cannot run "
                                    + "ahead of the base. Enrich only rows read from the base.",
                            sourceOffset,
                            table.tablePath(),
                            group.name(),
                            bucket,
                            state.baseHighWatermark));
        }
    }

    private EnrichmentContractException gap(EnrichedBucket bucket, long expected, long received) {
        return new EnrichmentContractException(
                String.format(
                        "Gap in the enrichment of table '%s', group '%s', %s: expected source "
                                + "offset %d but received %d, so offsets %d..%d would have no "
                                + "enrichment. Likely causes: the job filters base rows or "
                                + "reorders them within a bucket (e.g. an unordered async "
                                + "stage). Enrich every base row in offset order, or set "
                                + "'enrichment.gap-policy' = 'fill-null' to write NULL "
                                + "enrichment for skipped offsets.",
                        table.tablePath(),
                        group.name(),
                        bucket,
                        expected,
                        received,
                        expected,
                        received - 1));
    }

    private void append(EnrichedBucket bucket, long sourceOffset, InternalRow values) {
        BinaryString[] partition = companionPartition(bucket.partitionName());
        GenericRow row = new GenericRow(companionArity);
        row.setField(routePosition, router.routeFor(bucket.bucket()));
        row.setField(offsetPosition, sourceOffset);
        if (values != null) {
            for (int i = 0; i < valueGetters.length; i++) {
                row.setField(valuePositions[i], valueGetters[i].getFieldOrNull(values));
            }
        }
        for (int i = 0; i < partitionPositions.length; i++) {
            row.setField(partitionPositions[i], partition[i]);
        }
        companion.append(row);
    }

    /** Creates the companion partition on first use; returns its column values (or none). */
    private BinaryString[] companionPartition(String partitionName) {
        if (partitionName == null) {
            return NO_PARTITION;
        }
        BinaryString[] values = partitionValues.get(partitionName);
        if (values == null) {
            ResolvedPartitionSpec spec = companion.ensurePartition(partitionName);
            values =
                    spec.getPartitionValues().stream()
                            .map(BinaryString::fromString)
                            .toArray(BinaryString[]::new);
            partitionValues.put(partitionName, values);
        }
        return values;
    }

    @Override
    public void close() throws Exception {
        companion.close();
    }
}
