/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.types.DataType;

import java.util.List;

/**
 * What an {@link EnrichmentWriter} refuses before it writes: a gap policy its group's columns
 * cannot follow, a connection without idempotent appends, a bucket the table does not have.
 */
@Internal
final class WriterChecks {

    private WriterChecks() {}

    /** Throws unless the group's rows can be written with {@code gapPolicy} over {@code client}. */
    static void checkWritable(
            EnrichedTable table,
            EnrichedTable.Group group,
            GapPolicy gapPolicy,
            Configuration client) {
        if (gapPolicy == GapPolicy.FILL_NULL) {
            List<DataType> types = group.columnTypes();
            for (int i = 0; i < types.size(); i++) {
                if (!types.get(i).isNullable()) {
                    throw new IllegalArgumentException(
                            String.format(
                                    "Gap policy fill-null needs nullable group columns, but column "
                                            + "'%s' of group '%s' of table '%s' is NOT NULL. Use "
                                            + "gap policy fail.",
                                    group.group().columns().get(i),
                                    group.name(),
                                    table.tablePath()));
                }
            }
        }
        if (!client.get(ConfigOptions.CLIENT_WRITER_ENABLE_IDEMPOTENCE)) {
            // Without it a retried batch can land after its successor: a hole in the companion.
            throw new IllegalArgumentException(
                    String.format(
                            "Group '%s' of table '%s' cannot be written with '%s' = 'false': an"
                                    + " enrichment writer needs idempotent appends, or a retried"
                                    + " batch can land after the next one and leave a hole."
                                    + " Remove the option.",
                            group.name(),
                            table.tablePath(),
                            ConfigOptions.CLIENT_WRITER_ENABLE_IDEMPOTENCE.key()));
        }
    }

    /** Throws unless the table has {@code bucket}: its number, and a partition iff partitioned. */
    static void checkBucket(EnrichedTable table, int numBuckets, EnrichedBucket bucket) {
        if (bucket.bucket() < 0 || bucket.bucket() >= numBuckets) {
            throw new IllegalArgumentException(
                    String.format(
                            "Bucket %d does not exist in table '%s' (buckets 0..%d).",
                            bucket.bucket(), table.tablePath(), numBuckets - 1));
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
}
