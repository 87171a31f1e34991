/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.lake.iceberg.IcebergBackfill;
import dev.flussenrich.lake.iceberg.IcebergLakeTable;
import dev.flussenrich.lake.iceberg.IcebergTieringCommitter;
import dev.flussenrich.lake.iceberg.IcebergTieringWriter;
import dev.flussenrich.lake.tiering.TieringCommitter;
import dev.flussenrich.lake.tiering.TieringLag;
import dev.flussenrich.lake.tiering.TieringWriter;
import dev.flussenrich.table.IdentityMetadata;
import dev.flussenrich.table.LakeDeclaration;
import dev.flussenrich.table.RowDataDeserializer;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.CheckpointConfig;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FileStoreTable;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Assembles the enriched-tiering job: stitched rows of a logical table, gated on every lake group,
 * written exactly-once to one Paimon table. See {@link FlussEnrichLake#tiering()}.
 */
@PublicEvolving
public final class LakeTieringBuilder extends LakeJobBuilder<LakeTieringBuilder> {

    private List<String> groups;
    private boolean bounded;
    private MapFunction<RowData, RowData> beforeWrite;

    LakeTieringBuilder() {}

    /** A step between the source and the writer, for fault tests. */
    @VisibleForTesting
    LakeTieringBuilder mapBeforeWrite(MapFunction<RowData, RowData> step) {
        this.beforeWrite = step;
        return this;
    }

    /**
     * The groups the lake table carries (default: all). A row reaches the lake once each of these
     * groups has enriched it; the other groups' columns are not in the lake table.
     */
    public LakeTieringBuilder setGroups(String... groups) {
        this.groups = List.of(groups);
        return this;
    }

    /**
     * Tier up to the frontier the job finds at start, then finish (default: run until cancelled).
     * For a one-off backfill or a benchmark.
     */
    public LakeTieringBuilder setBounded(boolean bounded) {
        this.bounded = bounded;
        return this;
    }

    /**
     * Adds the tiering job to {@code env}. Loads the logical table from Fluss and creates the
     * Paimon table if it does not exist (or checks its columns if it does); each bucket continues
     * after the offset the newest lake snapshot recorded. Checkpointing must be on, exactly-once
     * and aligned: files are committed when their checkpoint completes.
     */
    public DataStreamSink<Void> addTo(StreamExecutionEnvironment env) {
        checkRequired();
        checkCheckpointing(env.getCheckpointConfig());
        FlussConnectionConfig connection = connection();
        EnrichedTable table = loadTable(connection);
        List<String> columns = LakeDeclaration.lakeColumns(table, tieredGroups(table));
        TablePath path = table.tablePath();
        Identifier lakeId = lakeIdentifier(path);
        BaseIdsLookup baseIds = new BaseIdsLookup(connection, path, table.isPartitioned());
        RowDataDeserializer rows =
                RowDataDeserializer.of(
                        table.logicalRowType().project(columns),
                        List.of(
                                IdentityMetadata.BUCKET,
                                IdentityMetadata.OFFSET,
                                IdentityMetadata.TIMESTAMP,
                                IdentityMetadata.PARTITION));
        String commitUser = "fluss-enrich-tiering-" + UUID.randomUUID();
        TieringLag lag =
                new TieringLag(connection, path, table.isPartitioned(), table.numBuckets());
        String name = path + " -> " + lakeId.getFullName();
        if (lakeFormat(table) == LakeDeclaration.Format.ICEBERG) {
            @SuppressWarnings("unchecked")
            RowType rowType = ((InternalTypeInfo<RowData>) rows.getProducedType()).toRowType();
            IcebergLakeTable lake =
                    IcebergLakeTable.createOrCheck(
                            catalogOptions(),
                            lakeId.getDatabaseName(),
                            lakeId.getObjectName(),
                            table,
                            new RowType(rowType.getFields().subList(0, columns.size())));
            new IcebergBackfill(lake, table, connection).run();
            Map<String, String> summary = IcebergLakeTable.latestTieredSummary(lake.load());
            Map<EnrichedBucket, Long> lakeOffsets =
                    summary == null
                            ? Map.of()
                            : LakeOffsets.current(summary, baseIds(connection, table));
            return end(
                    stitchedRows(env, path, columns, lakeOffsets, rows)
                            .transform(
                                    "lake tiering writer " + name,
                                    PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO,
                                    new IcebergTieringWriter(
                                            lake, rowType, columns.size(), baseIds))
                            .uid("fluss-enrich-lake-tiering-writer")
                            .transform(
                                    "lake tiering committer " + name,
                                    Types.VOID,
                                    new IcebergTieringCommitter(lake, commitUser, lag, baseIds)));
        }
        FileStoreTable lakeData =
                LakeTableSpec.createOrCheck(catalogOptions(), lakeId, table, columns);
        LakeTableSpec lake = LakeTableSpec.of(catalogOptions(), lakeId, lakeData);
        new LakeBackfill(lake, table, connection).run();
        Map<EnrichedBucket, Long> lakeOffsets =
                LakeOffsets.latest(lakeData, baseIds(connection, table));
        return end(
                stitchedRows(env, path, columns, lakeOffsets, rows)
                        .transform(
                                "lake tiering writer " + name,
                                PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO,
                                new TieringWriter(lake, commitUser, baseIds))
                        .uid("fluss-enrich-lake-tiering-writer")
                        .transform(
                                "lake tiering committer " + name,
                                Types.VOID,
                                new TieringCommitter(lake, commitUser, lag, baseIds)));
    }

    /** The stitched rows of the lake's columns, from each bucket's lake offset on. */
    private DataStream<RowData> stitchedRows(
            StreamExecutionEnvironment env,
            TablePath table,
            List<String> columns,
            Map<EnrichedBucket, Long> lakeOffsets,
            RowDataDeserializer rows) {
        var source =
                this.<RowData>sourceBuilder(columns)
                        .setStartOffsets(lakeOffsets)
                        .setBounded(bounded)
                        .setDeserializer(rows)
                        .build();
        DataStream<RowData> stitched =
                env.fromSource(
                                source,
                                WatermarkStrategy.noWatermarks(),
                                "lake tiering source " + table)
                        .uid("fluss-enrich-lake-tiering-source");
        if (beforeWrite != null) {
            stitched = stitched.map(beforeWrite, rows.getProducedType());
        }
        return stitched;
    }

    /** The committer, alone at parallelism 1, and the end of the job. */
    private static DataStreamSink<Void> end(SingleOutputStreamOperator<Void> committer) {
        return committer
                .uid("fluss-enrich-lake-tiering-committer")
                .setParallelism(1)
                .setMaxParallelism(1)
                .sinkTo(new DiscardingSink<>())
                .name("lake tiering end")
                .setParallelism(1);
    }

    /**
     * Refuses checkpoint settings under which a writer's files could reach the committer after
     * their checkpoint was committed, and be dropped as already committed (as Paimon's own Flink
     * sink refuses them).
     */
    private static void checkCheckpointing(CheckpointConfig checkpoints) {
        if (!checkpoints.isCheckpointingEnabled()) {
            throw new IllegalStateException(
                    "Enriched tiering commits to Paimon when a checkpoint completes, but"
                            + " checkpointing is off: call env.enableCheckpointing(interval)"
                            + " (the interval is how fresh the lake is).");
        }
        if (checkpoints.getCheckpointingConsistencyMode() != CheckpointingMode.EXACTLY_ONCE) {
            throw new IllegalStateException(
                    "Enriched tiering needs exactly-once checkpoints, but"
                            + " execution.checkpointing.mode is "
                            + checkpoints.getCheckpointingConsistencyMode()
                            + ": set it to EXACTLY_ONCE (at-least-once checkpoints let files"
                            + " reach the committer after their checkpoint).");
        }
        if (checkpoints.isUnalignedCheckpointsEnabled()) {
            throw new IllegalStateException(
                    "Enriched tiering does not support unaligned checkpoints: set"
                            + " execution.checkpointing.unaligned.enabled to false (with it, and"
                            + " with execution.checkpointing.aligned-checkpoint-timeout, files can"
                            + " reach the committer after their checkpoint).");
        }
    }

    private List<String> tieredGroups(EnrichedTable table) {
        if (groups == null) {
            return table.groupNames();
        }
        groups.forEach(table::requireGroup);
        return groups;
    }
}
