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
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.types.DataType;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Builds the companion rows of one group: the route value that lands the row in the base row's
 * bucket, the base row's source offset, the group's values, and the partition values (the base's
 * partition, as strings).
 */
@Internal
final class CompanionRows {

    private static final BinaryString[] NO_PARTITION = new BinaryString[0];

    private final TablePath table;
    private final EnrichedTable.Group group;
    private final BucketRouter router;
    private final Function<String, ResolvedPartitionSpec> partitions;
    private final InternalRow.FieldGetter[] valueGetters;
    private final int[] valuePositions;
    private final int[] partitionPositions;
    private final int routePosition;
    private final int offsetPosition;
    private final int arity;

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
        List<DataType> types = group.columnTypes();
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
        this.arity = group.companion().getRowType().getFieldCount();
    }

    /** Throws unless {@code values} has one field per group column. */
    void checkValues(InternalRow values) {
        if (values.getFieldCount() != valueGetters.length) {
            throw new IllegalArgumentException(
                    String.format(
                            "Group '%s' of table '%s' has %d columns %s, but the row has %d fields.",
                            group.name(),
                            table,
                            valueGetters.length,
                            group.group().columns(),
                            values.getFieldCount()));
        }
    }

    /**
     * The companion row of base row {@code sourceOffset} of {@code bucket}.
     *
     * @param values the group columns, in group order; null for a row of NULL enrichment
     */
    GenericRow row(EnrichedBucket bucket, long sourceOffset, @Nullable InternalRow values) {
        BinaryString[] partition = partitionValues(bucket.partitionName());
        GenericRow row = new GenericRow(arity);
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
        return row;
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
