/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.FlussConnection;
import org.apache.fluss.client.table.getter.PartitionGetter;
import org.apache.fluss.client.write.WriteCallback;
import org.apache.fluss.client.write.WriteRecord;
import org.apache.fluss.client.write.WriterClient;
import org.apache.fluss.metadata.LogFormat;
import org.apache.fluss.metadata.PhysicalTablePath;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.row.encode.KeyEncoder;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Sends the rows of one ARROW log table to the connection's Fluss writer client, as Fluss 0.9.1's
 * {@code AppendWriter} does for that format, but without the objects its {@code append} builds anew
 * for every row.
 *
 * <p>For every row, Fluss's writer chains three futures (its send, {@code thenApply}, and the
 * caller's {@code whenComplete}), which Fluss's network thread completes when the batch is
 * acknowledged, and builds a new table path, which it looks up in three maps (bucket assigner,
 * batches, partition id), hashing it again and comparing names each time. This sender gives every
 * row one callback, shared by all rows, and keeps one path per partition: its hash is cached and
 * the maps find it by identity. With five groups (five companion rows per base row) that took the
 * enrichment job from about 95,000 to about 160,000 rows per CPU-second of the process
 * (docs/performance.md, stop 49).
 *
 * <p>The writer client, {@link WriteRecord} and {@link WriteCallback} are Fluss's internal API,
 * used as its {@code AppendWriter} uses them; {@link #forTable} returns empty where they do not
 * apply (a log format other than ARROW, a connection that is not Fluss's), and the caller then uses
 * the public writer.
 */
final class ArrowLogSender {

    private final TableInfo table;
    private final WriterClient client;
    private final WriteCallback callback;
    private final int fieldCount;
    private final @Nullable KeyEncoder bucketKeyEncoder;
    private final @Nullable PartitionGetter partitionGetter;
    private final @Nullable PhysicalTablePath unpartitioned;
    private final Map<String, PhysicalTablePath> partitionPaths = new HashMap<>();

    private ArrowLogSender(TableInfo table, WriterClient client, WriteCallback callback) {
        this.table = table;
        this.client = client;
        this.callback = callback;
        this.fieldCount = table.getRowType().getFieldCount();
        this.bucketKeyEncoder =
                table.getBucketKeys().isEmpty()
                        ? null
                        : KeyEncoder.ofBucketKeyEncoder(
                                table.getRowType(),
                                table.getBucketKeys(),
                                table.getTableConfig().getDataLakeFormat().orElse(null));
        if (table.isPartitioned()) {
            this.partitionGetter =
                    new PartitionGetter(table.getRowType(), table.getPartitionKeys());
            this.unpartitioned = null;
        } else {
            this.partitionGetter = null;
            this.unpartitioned = PhysicalTablePath.of(table.getTablePath());
        }
    }

    /**
     * A sender for {@code table}, or empty where only Fluss's public writer applies.
     *
     * @param callback told of every row's outcome, on a Fluss client thread
     */
    static Optional<ArrowLogSender> forTable(
            Connection connection, TableInfo table, WriteCallback callback) {
        if (!(connection instanceof FlussConnection fluss)
                || table.hasPrimaryKey()
                || table.getTableConfig().getLogFormat() != LogFormat.ARROW) {
            return Optional.empty();
        }
        return Optional.of(new ArrowLogSender(table, fluss.getOrCreateWriterClient(), callback));
    }

    /**
     * Queues a row; Fluss copies it into its batch here, so the row may be reused afterwards.
     *
     * @param partitionName the row's partition, as Fluss names it from the row's values; null for a
     *     table without partitions
     */
    void send(InternalRow row, @Nullable String partitionName) {
        if (row.getFieldCount() != fieldCount) {
            throw new IllegalArgumentException(
                    String.format(
                            "A row for table '%s' has %d fields; the table has %d columns.",
                            table.getTablePath(), row.getFieldCount(), fieldCount));
        }
        byte[] bucketKey = bucketKeyEncoder == null ? null : bucketKeyEncoder.encodeKey(row);
        client.send(
                WriteRecord.forArrowAppend(table, pathOf(row, partitionName), row, bucketKey),
                callback);
    }

    /** Forgets a partition's path: partitions come and go over a job's life. */
    void forgetPartition(String partitionName) {
        partitionPaths.remove(partitionName);
    }

    private PhysicalTablePath pathOf(InternalRow row, @Nullable String partitionName) {
        if (partitionGetter == null) {
            return unpartitioned;
        }
        PhysicalTablePath path = partitionPaths.get(partitionName);
        if (path == null) {
            String fromRow = partitionGetter.getPartition(row);
            if (!fromRow.equals(partitionName)) {
                throw new IllegalStateException(
                        String.format(
                                "A row for partition '%s' of table '%s' holds the values of"
                                        + " partition '%s'. This is a bug in fluss-enrich.",
                                partitionName, table.getTablePath(), fromRow));
            }
            path = PhysicalTablePath.of(table.getTablePath(), partitionName);
            partitionPaths.put(partitionName, path);
        }
        return path;
    }
}
