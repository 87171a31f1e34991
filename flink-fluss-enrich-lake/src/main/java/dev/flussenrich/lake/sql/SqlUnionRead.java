/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.sql;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.lake.BaseIds;
import dev.flussenrich.lake.LakeOffsets;
import dev.flussenrich.lake.source.LakeSnapshotSource;
import dev.flussenrich.lake.source.LakeThenLogSource;
import dev.flussenrich.lake.source.TieredSnapshot;
import dev.flussenrich.source.FlussEnrichSource;
import dev.flussenrich.source.ScanSettings;
import dev.flussenrich.table.IdentityMetadata;
import dev.flussenrich.table.LakeDeclaration;
import dev.flussenrich.table.LakeSqlSupport.LakeRead;
import dev.flussenrich.table.RowDataDeserializer;

import org.apache.fluss.client.Connection;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.VarCharType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The union read of a SQL scan in mode {@code full}: the newest tiered lake snapshot through the
 * lake format's own reader (Paimon or Iceberg), laid out as the scan's rows, then the Fluss log
 * from the offsets it recorded.
 */
@Internal
final class SqlUnionRead {

    private SqlUnionRead() {}

    static Source<RowData, ?, ?> of(
            ScanSettings log,
            RowDataDeserializer deserializer,
            LakeRead lake,
            List<IdentityMetadata> metadata) {
        FlussEnrichSource<RowData> logFromStart = FlussEnrichSource.of(log, deserializer);
        Optional<TieredSnapshot> tiered = TieredSnapshot.newest(lake.declaration());
        if (tiered.isEmpty()
                || !tiered.get().exists()
                || !tiered.get().completeColumns().containsAll(log.columns())) {
            // No lake yet, or not for these columns (a group added since, maybe not filled yet).
            return logFromStart;
        }
        Map<EnrichedBucket, Long> offsets;
        try (Connection fluss = log.connection().connect()) {
            offsets =
                    LakeOffsets.current(
                            tiered.get().properties(),
                            BaseIds.load(
                                    fluss.getAdmin(),
                                    log.table(),
                                    !lake.partitionKeys().isEmpty()));
        } catch (Exception e) {
            throw new IllegalStateException("Could not load table '" + log.table() + "'.", e);
        }
        @SuppressWarnings("unchecked")
        InternalTypeInfo<RowData> type = (InternalTypeInfo<RowData>) deserializer.getProducedType();
        Source<RowData, ?, ?> lakePart = lakePart(tiered.get(), log, metadata, lake, type);
        ScanSettings logAfterLake =
                new ScanSettings(
                        log.connection(),
                        log.table(),
                        log.columns(),
                        StartPosition.earliest(),
                        log.bounded(),
                        log.partitionDiscoveryInterval(),
                        log.bufferBound(),
                        offsets,
                        log.partitionFilter());
        return new LakeThenLogSource(lakePart, FlussEnrichSource.of(logAfterLake, deserializer));
    }

    /** The snapshot's rows as the scan's: its columns, then the metadata the scan reads. */
    private static Source<RowData, ?, ?> lakePart(
            TieredSnapshot tiered,
            ScanSettings log,
            List<IdentityMetadata> metadata,
            LakeRead lake,
            InternalTypeInfo<RowData> type) {
        Projection projection = new Projection(tiered);
        int columns = log.columns().size();
        int[] positions = new int[columns + metadata.size()];
        for (int i = 0; i < columns; i++) {
            positions[i] = projection.slot(log.columns().get(i), type.toRowType().getTypeAt(i));
        }
        int partitionPosition = -1;
        int[] keyPositions = new int[0];
        for (int m = 0; m < metadata.size(); m++) {
            int position = columns + m;
            switch (metadata.get(m)) {
                case BUCKET ->
                        positions[position] =
                                projection.slot(LakeDeclaration.BUCKET_COLUMN, new IntType(false));
                case OFFSET ->
                        positions[position] =
                                projection.slot(
                                        LakeDeclaration.OFFSET_COLUMN, new BigIntType(false));
                case TIMESTAMP ->
                        positions[position] =
                                projection.slot(
                                        LakeDeclaration.TIMESTAMP_COLUMN,
                                        new LocalZonedTimestampType(false, 3));
                case PARTITION -> {
                    partitionPosition = position;
                    positions[position] = -1;
                    keyPositions = partitionKeySlots(projection, tiered, log, lake);
                }
            }
        }
        return tiered.read(
                projection.fields,
                projection.types,
                type,
                new LakeSnapshotSource.RowLayout(positions, partitionPosition, keyPositions),
                log.partitionFilter());
    }

    /** Where the partition keys are in the projected row; string keys only. */
    private static int[] partitionKeySlots(
            Projection projection, TieredSnapshot tiered, ScanSettings log, LakeRead lake) {
        int[] slots = new int[lake.partitionKeys().size()];
        for (int k = 0; k < slots.length; k++) {
            String key = lake.partitionKeys().get(k);
            Optional<String> type = tiered.nonStringType(key);
            if (type.isPresent()) {
                throw new ValidationException(
                        String.format(
                                "Reading _partition of '%s' from its lake needs string partition"
                                        + " keys, but '%s' is %s: read with 'scan.startup.mode' ="
                                        + " 'earliest' (Fluss alone), or leave _partition out.",
                                log.table(), key, type.get()));
            }
            slots[k] = projection.slot(key, VarCharType.STRING_TYPE);
        }
        return slots;
    }

    /** The lake fields a scan reads, each once, with the Flink types it reads them as. */
    private static final class Projection {

        private final TieredSnapshot tiered;
        private final List<String> fields = new ArrayList<>();
        private final List<LogicalType> types = new ArrayList<>();

        Projection(TieredSnapshot tiered) {
            this.tiered = tiered;
        }

        /** The position of lake field {@code field} in the projection, added if it is not there. */
        int slot(String field, LogicalType type) {
            if (!tiered.fields().contains(field)) {
                throw new ValidationException(
                        String.format(
                                "Column '%s' is not in lake table '%s' (it has %s): tier the"
                                        + " table again after its lake groups changed, or read"
                                        + " with 'scan.startup.mode' = 'earliest' (Fluss alone).",
                                field, tiered.name(), tiered.fields()));
            }
            int slot = fields.indexOf(field);
            if (slot < 0) {
                fields.add(field);
                types.add(type);
                slot = fields.size() - 1;
            }
            return slot;
        }
    }
}
