/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.sql;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.lake.source.TieredSnapshot;
import dev.flussenrich.source.ScanSettings;
import dev.flussenrich.table.IdentityMetadata;
import dev.flussenrich.table.LakeDeclaration;
import dev.flussenrich.table.LakeSqlSupport;
import dev.flussenrich.table.RowDataDeserializer;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.procedures.Procedure;
import org.apache.flink.table.types.DataType;

import java.util.List;

/**
 * The lake module's part of the SQL surface, for Paimon and Iceberg lakes, found by the catalog
 * with ServiceLoader.
 */
@Internal
public final class LakeModuleSqlSupport implements LakeSqlSupport {

    @Override
    public List<String> procedureNames() {
        return List.of(TierToLakeProcedure.NAME);
    }

    @Override
    public Procedure procedure(
            String name, FlussConnectionConfig connection, EnrichedTables tables) {
        if (!TierToLakeProcedure.NAME.equals(name)) {
            throw new IllegalArgumentException("No lake procedure '" + name + "'.");
        }
        return new TierToLakeProcedure(connection, tables);
    }

    @Override
    public List<String> lakePartColumns(EnrichedTable table, LakeDeclaration lake) {
        List<String> known = table.logicalRowType().getFieldNames();
        return TieredSnapshot.newest(lake)
                .map(tiered -> tiered.completeColumns().stream().filter(known::contains).toList())
                .orElse(LakeDeclaration.lakeColumns(table, lake.groupsOf(table)));
    }

    @Override
    public ScanTableSource lakePart(
            FlussConnectionConfig connection,
            EnrichedTable table,
            LakeDeclaration lake,
            DataType physicalRow) {
        return LakePartTableSource.of(table, lake, physicalRow);
    }

    @Override
    public Source<RowData, ?, ?> unionRead(
            ScanSettings log,
            RowDataDeserializer deserializer,
            LakeRead lake,
            List<IdentityMetadata> metadata) {
        return SqlUnionRead.of(log, deserializer, lake, metadata);
    }
}
