/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTableLayout;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.metadata.ResolvedPartitionSpec;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.InternalRow;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The companion rows of one group: the route value that lands the row in the base row's bucket, the
 * base row's source offset, the group's values, and the partition values (the base's partition, as
 * strings). Each row is one reused {@link CompanionRow}, valid until the next.
 */
@Internal
final class CompanionRows {

    private static final BinaryString[] NO_PARTITION = new BinaryString[0];

    private final TablePath table;
    private final EnrichedTable.Group group;
    private final BucketRouter router;
    private final Function<String, ResolvedPartitionSpec> partitions;
    private final int valueCount;
    private final CompanionRow row;

    /** Companion partitions known to exist, with their partition column values. */
    private final Map<String, BinaryString[]> partitionValues = new HashMap<>();

    /**
     * @param partitions creates a companion partition unless it exists, and returns its spec; asked
     *     once per partition
     */
    CompanionRows(
            EnrichedTable table,
            EnrichedTable.Group group,
            BucketRouter router,
            Function<String, ResolvedPartitionSpec> partitions) {
        this.table = table.tablePath();
        this.group = group;
        this.router = router;
        this.partitions = partitions;
        List<String> columns = group.group().columns();
        this.valueCount = columns.size();
        int[] valuePositions = new int[valueCount];
        for (int i = 0; i < valueCount; i++) {
            valuePositions[i] = group.companionIndexOf(columns.get(i));
        }
        List<String> partitionKeys = table.base().getPartitionKeys();
        int[] partitionPositions = new int[partitionKeys.size()];
        for (int i = 0; i < partitionKeys.size(); i++) {
            partitionPositions[i] = group.companionIndexOf(partitionKeys.get(i));
        }
        this.row =
                new CompanionRow(
                        group.companion().getRowType().getFieldCount(),
                        group.companionIndexOf(EnrichedTableLayout.ROUTE_COLUMN),
                        group.companionIndexOf(EnrichedTableLayout.SOURCE_OFFSET_COLUMN),
                        valuePositions,
                        partitionPositions);
    }

    /** Throws unless {@code values} has one field per group column. */
    void checkValues(InternalRow values) {
        if (values.getFieldCount() != valueCount) {
            throw new IllegalArgumentException(
                    String.format(
                            "Group '%s' of table '%s' has %d columns %s, but the row has %d fields.",
                            group.name(),
                            table,
                            valueCount,
                            group.group().columns(),
                            values.getFieldCount()));
        }
    }

    /**
     * The companion row of base row {@code sourceOffset} of {@code bucket}, valid until the next
     * call (append it at once).
     *
     * @param values the group columns, in group order; null for a row of NULL enrichment
     */
    InternalRow row(EnrichedBucket bucket, long sourceOffset, @Nullable InternalRow values) {
        return row.of(
                router.routeFor(bucket.bucket()),
                sourceOffset,
                partitionValues(bucket.partitionName()),
                values);
    }

    /** Forgets a partition that no longer exists: a later row creates it again. */
    void forgetPartition(String partitionName) {
        partitionValues.remove(partitionName);
    }

    /** Creates the companion partition on first use; returns its column values (or none). */
    private BinaryString[] partitionValues(@Nullable String partitionName) {
        if (partitionName == null) {
            return NO_PARTITION;
        }
        BinaryString[] values = partitionValues.get(partitionName);
        if (values == null) {
            values =
                    partitions.apply(partitionName).getPartitionValues().stream()
                            .map(BinaryString::fromString)
                            .toArray(BinaryString[]::new);
            partitionValues.put(partitionName, values);
        }
        return values;
    }
}
