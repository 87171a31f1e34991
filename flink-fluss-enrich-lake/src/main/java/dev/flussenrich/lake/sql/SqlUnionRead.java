/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.sql;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.lake.BaseIds;
import dev.flussenrich.lake.LakeOffsets;
import dev.flussenrich.lake.LakeTableSpec;
import dev.flussenrich.lake.source.LakeSnapshotSource;
import dev.flussenrich.lake.source.LakeThenLogSource;
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

import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataTypeFamily;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The union read of a SQL scan in mode {@code full}: the newest tiered lake snapshot through
 * Paimon's reader, laid out as the scan's rows, then the Fluss log from the offsets it recorded.
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
        LakeDeclaration declaration = lake.declaration();
        Identifier id =
                Identifier.create(
                        declaration.lakeTable().getDatabaseName(),
                        declaration.lakeTable().getTableName());
        Optional<FileStoreTable> data =
                LakeTableSpec.loadIfExists(declaration.catalogOptions(), id);
        Snapshot snapshot = data.map(LakeOffsets::latestTiered).orElse(null);
        if (snapshot == null
                || !LakeTableSpec.completeColumns(data.get()).containsAll(log.columns())) {
            // No lake yet, or not for these columns (a group added since, maybe not filled yet).
            return logFromStart;
        }
        Map<EnrichedBucket, Long> offsets;
        try (Connection fluss = log.connection().connect()) {
            offsets =
                    LakeOffsets.current(
                            snapshot.properties(),
                            BaseIds.load(
                                    fluss.getAdmin(),
                                    log.table(),
                                    !lake.partitionKeys().isEmpty()));
        } catch (Exception e) {
            throw new IllegalStateException("Could not load table '" + log.table() + "'.", e);
        }
        @SuppressWarnings("unchecked")
        InternalTypeInfo<RowData> type = (InternalTypeInfo<RowData>) deserializer.getProducedType();
        LakeSnapshotSource lakePart =
                lakePart(data.get(), id, declaration, log, metadata, lake, type, snapshot);
        ScanSettings logAfterLake =
                new ScanSettings(
                        log.connection(),
                        log.table(),
                        log.columns(),
                        StartPosition.earliest(),
                        log.bounded(),
                        log.partitionDiscoveryInterval(),
                        log.bufferBound(),
                        offsets);
        return new LakeThenLogSource(lakePart, FlussEnrichSource.of(logAfterLake, deserializer));
    }

    /** The snapshot's rows as the scan's: its columns, then the metadata the scan reads. */
    private static LakeSnapshotSource lakePart(
            FileStoreTable data,
            Identifier id,
            LakeDeclaration declaration,
            ScanSettings log,
            List<IdentityMetadata> metadata,
            LakeRead lake,
            InternalTypeInfo<RowData> type,
            Snapshot snapshot) {
        List<String> fields = data.rowType().getFieldNames();
        List<Integer> projected = new ArrayList<>();
        int columns = log.columns().size();
        int[] positions = new int[columns + metadata.size()];
        for (int i = 0; i < columns; i++) {
            positions[i] = slot(projected, requireField(fields, log.columns().get(i), id));
        }
        int partitionPosition = -1;
        int[] keyPositions = new int[0];
        for (int m = 0; m < metadata.size(); m++) {
            int position = columns + m;
            switch (metadata.get(m)) {
                case BUCKET ->
                        positions[position] =
                                slot(projected, fields.indexOf(LakeDeclaration.BUCKET_COLUMN));
                case OFFSET ->
                        positions[position] =
                                slot(projected, fields.indexOf(LakeDeclaration.OFFSET_COLUMN));
                case TIMESTAMP ->
                        positions[position] =
                                slot(projected, fields.indexOf(LakeDeclaration.TIMESTAMP_COLUMN));
                case PARTITION -> {
                    partitionPosition = position;
                    positions[position] = -1;
                    keyPositions = partitionKeySlots(projected, data, id, log, lake);
                }
            }
        }
        return new LakeSnapshotSource(
                LakeTableSpec.of(declaration.catalogOptions(), id, data),
                snapshot.id(),
                projected.stream().mapToInt(Integer::intValue).toArray(),
                type,
                new LakeSnapshotSource.RowLayout(positions, partitionPosition, keyPositions));
    }

    /** Where the partition keys are in the projected row; string keys only. */
    private static int[] partitionKeySlots(
            List<Integer> projected,
            FileStoreTable data,
            Identifier id,
            ScanSettings log,
            LakeRead lake) {
        List<String> fields = data.rowType().getFieldNames();
        int[] slots = new int[lake.partitionKeys().size()];
        for (int k = 0; k < slots.length; k++) {
            String key = lake.partitionKeys().get(k);
            int field = requireField(fields, key, id);
            if (!data.rowType().getTypeAt(field).is(DataTypeFamily.CHARACTER_STRING)) {
                throw new ValidationException(
                        String.format(
                                "Reading _partition of '%s' from its lake needs string partition"
                                        + " keys, but '%s' is %s: read with 'scan.startup.mode' ="
                                        + " 'earliest' (Fluss alone), or leave _partition out.",
                                log.table(), key, data.rowType().getTypeAt(field)));
            }
            slots[k] = slot(projected, field);
        }
        return slots;
    }

    /** The position of lake field {@code field} in the projection, added if it is not there. */
    private static int slot(List<Integer> projected, int field) {
        int slot = projected.indexOf(field);
        if (slot < 0) {
            projected.add(field);
            slot = projected.size() - 1;
        }
        return slot;
    }

    private static int requireField(List<String> fields, String column, Identifier id) {
        int index = fields.indexOf(column);
        if (index < 0) {
            throw new ValidationException(
                    String.format(
                            "Column '%s' is not in Paimon table '%s' (it has %s): tier the table"
                                    + " again after its lake groups changed, or read with"
                                    + " 'scan.startup.mode' = 'earliest' (Fluss alone).",
                            column, id.getFullName(), fields));
        }
        return index;
    }
}
