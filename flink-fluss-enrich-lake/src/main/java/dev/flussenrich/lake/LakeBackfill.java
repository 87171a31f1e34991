/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.lake.BackfillValues.Values;

import org.apache.fluss.client.Connection;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;

import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.serializer.InternalRowSerializer;
import org.apache.paimon.manifest.ManifestCommittable;
import org.apache.paimon.predicate.PredicateBuilder;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.reader.RecordReaderIterator;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.RowType;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Fills the columns of groups added to a lake table that held rows already ({@link
 * LakeSchemaEvolution#BACKFILL_COLUMNS}): the files of every partition still in Fluss are rewritten
 * with the groups' values, read from Fluss, in one Paimon overwrite snapshot that keeps the tiered
 * offsets. A lake row gets the values Fluss holds for its bucket, offset and commit timestamp; a
 * row whose base has left Fluss (retention, a dropped partition) keeps NULL, as the groups can
 * never enrich it. Runs before the tiering job starts, which waits for the new groups anyway.
 *
 * <p>Every group to fill must have enriched each bucket up to the lake's offset first; otherwise
 * the backfill fails with a message and the lake stays marked, to be filled at the next start.
 */
@Internal
public final class LakeBackfill extends ColumnBackfill<FileStoreTable> {

    private final LakeTableSpec spec;
    private final EnrichedTable source;
    private final FlussConnectionConfig connection;

    public LakeBackfill(
            LakeTableSpec spec, EnrichedTable source, FlussConnectionConfig connection) {
        this.spec = spec;
        this.source = source;
        this.connection = connection;
    }

    @Override
    protected FileStoreTable load() {
        return spec.load();
    }

    @Override
    protected Map<String, String> tableOptions(FileStoreTable table) {
        return table.options();
    }

    @Override
    protected Map<String, String> latestTieredProperties(FileStoreTable table) {
        Snapshot tiered = LakeOffsets.latestTiered(table);
        return tiered == null ? null : tiered.properties();
    }

    @Override
    protected void clearMark(FileStoreTable table) {
        spec.alter(List.of(SchemaChange.removeOption(LakeSchemaEvolution.BACKFILL_COLUMNS)));
    }

    @Override
    protected String describe() {
        return "Paimon table '" + spec.identifier().getFullName() + "'";
    }

    @Override
    protected void fill(FileStoreTable table, Map<String, String> tiered, List<String> columns)
            throws Exception {
        String commitUser = "fluss-enrich-backfill-" + UUID.randomUUID();
        try (Connection fluss = connection.connect();
                BackfillValues fromFluss = new BackfillValues(fluss, source, columns, tiered);
                TableWriteImpl<?> write = table.newWrite(commitUser);
                TableCommitImpl commit = table.newCommit(commitUser)) {
            RowRewriter rewriter = new RowRewriter(table.rowType(), columns);
            for (String partition : fromFluss.partitions()) {
                for (int bucket = 0; bucket < source.numBuckets(); bucket++) {
                    EnrichedBucket enriched = EnrichedBucket.of(partition, bucket);
                    rewrite(table, rewriter, write, enriched, fromFluss.of(enriched));
                }
            }
            List<CommitMessage> messages = write.prepareCommit(false, Long.MAX_VALUE);
            ManifestCommittable committable = new ManifestCommittable(Long.MAX_VALUE);
            messages.forEach(committable::addFileCommittable);
            tiered.forEach(committable::addProperty);
            committable.addProperty(FILLED_COLUMNS, String.join(",", columns));
            // Dynamic overwrite: the partitions written are replaced, the others kept.
            commit.withOverwrite(Map.of()).commit(committable);
        }
    }

    /** Writes the lake rows of one bucket again, with the values Fluss holds for them. */
    private void rewrite(
            FileStoreTable table,
            RowRewriter rewriter,
            TableWriteImpl<?> write,
            EnrichedBucket bucket,
            Map<Long, Values> fromFluss)
            throws Exception {
        ReadBuilder read = table.newReadBuilder();
        read.withFilter(
                new PredicateBuilder(table.rowType()).equal(rewriter.bucketField, bucket.bucket()));
        if (bucket.partitionName() != null) {
            read.withPartitionFilter(source.partitionValues(bucket.partitionName()));
        }
        try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan());
                RecordReaderIterator<InternalRow> rows = new RecordReaderIterator<>(reader)) {
            while (rows.hasNext()) {
                InternalRow row = rows.next();
                if (row.getInt(rewriter.bucketField) != bucket.bucket()) {
                    continue;
                }
                Values values = fromFluss.get(row.getLong(rewriter.offsetField));
                boolean same =
                        values != null
                                && values.timestamp()
                                        == row.getTimestamp(rewriter.timestampField, 3)
                                                .getMillisecond();
                write.write(
                        rewriter.rewrite(row, same ? values.row() : null),
                        spec.lakeBucket(bucket.bucket()));
            }
        }
    }

    /** A lake row with the filled columns taken from a group row (NULL without one). */
    private static final class RowRewriter {

        final int bucketField;
        final int offsetField;
        final int timestampField;
        private final InternalRowSerializer copier;
        private final InternalRow.FieldGetter[] lakeGetters;
        private final int[] filledFrom;
        private final InternalRow.FieldGetter[] filledGetters;
        private final FlinkRowAsPaimonRow groupRow;

        RowRewriter(RowType lake, List<String> columns) {
            List<String> names = lake.getFieldNames();
            bucketField = names.indexOf(LakeTableSpec.BUCKET_COLUMN);
            offsetField = names.indexOf(LakeTableSpec.OFFSET_COLUMN);
            timestampField = names.indexOf(LakeTableSpec.TIMESTAMP_COLUMN);
            copier = new InternalRowSerializer(lake);
            lakeGetters = new InternalRow.FieldGetter[names.size()];
            filledFrom = new int[names.size()];
            filledGetters = new InternalRow.FieldGetter[names.size()];
            for (int i = 0; i < names.size(); i++) {
                lakeGetters[i] = InternalRow.createFieldGetter(lake.getTypeAt(i), i);
                filledFrom[i] = columns.indexOf(names.get(i));
                if (filledFrom[i] >= 0) {
                    filledGetters[i] =
                            InternalRow.createFieldGetter(lake.getTypeAt(i), filledFrom[i]);
                }
            }
            groupRow = new FlinkRowAsPaimonRow(columns.size());
        }

        InternalRow rewrite(InternalRow lakeRow, RowData group) {
            // A copy: the reader reuses its rows' memory for the next batch.
            BinaryRow base = copier.toBinaryRow(lakeRow).copy();
            InternalRow values = group == null ? null : groupRow.wrap(group);
            GenericRow out = new GenericRow(lakeGetters.length);
            for (int i = 0; i < lakeGetters.length; i++) {
                out.setField(
                        i,
                        filledFrom[i] < 0
                                ? lakeGetters[i].getFieldOrNull(base)
                                : values == null ? null : filledGetters[i].getFieldOrNull(values));
            }
            return out;
        }
    }
}
