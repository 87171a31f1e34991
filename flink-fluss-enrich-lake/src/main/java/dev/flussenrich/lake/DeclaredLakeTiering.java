/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.InvalidTableLayoutException;
import dev.flussenrich.table.FlussEnrichConnectorOptions;
import dev.flussenrich.table.LakeDeclaration;

import org.apache.fluss.exception.TableNotExistException;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;

/**
 * The tiering job a table's lake declaration (its {@code lake.*} options) describes: what {@code
 * CALL tier_to_lake} and the standalone {@link LakeTieringJob} both submit.
 */
@Internal
public final class DeclaredLakeTiering {

    private DeclaredLakeTiering() {}

    /**
     * The lake table {@code path} declares.
     *
     * @param startAgain what the user does once the lake is declared ("CALL tier_to_lake again")
     * @throws IllegalArgumentException naming what is missing: the table, or its lake
     */
    public static LakeDeclaration lakeOf(EnrichedTables tables, TablePath path, String startAgain) {
        try {
            return LakeDeclaration.of(tables.load(path))
                    .orElseThrow(
                            () ->
                                    new IllegalArgumentException(
                                            String.format(
                                                    "Table '%s' has no lake: declare one with ALTER"
                                                            + " TABLE %s SET ('%s' = '<Paimon"
                                                            + " warehouse>'), then %s.",
                                                    path,
                                                    path.getTableName(),
                                                    LakeDeclaration.WAREHOUSE,
                                                    startAgain)));
        } catch (TableNotExistException e) {
            throw new IllegalArgumentException(
                    String.format("Fluss table '%s' does not exist.", path), e);
        } catch (InvalidTableLayoutException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The tiering of {@code path} to the lake it declares, over the same Fluss connection. */
    public static LakeTieringBuilder tiering(
            FlussConnectionConfig connection, TablePath path, LakeDeclaration lake) {
        LakeTieringBuilder tiering =
                FlussEnrichLake.tiering()
                        .setBootstrapServers(connection.bootstrapServers())
                        .setTable(path.getDatabaseName(), path.getTableName())
                        .setLakeTable(
                                lake.lakeTable().getDatabaseName(),
                                lake.lakeTable().getTableName());
        connection.options().entrySet().stream()
                .filter(o -> o.getKey().startsWith(FlussEnrichConnectorOptions.CLIENT_PREFIX))
                .forEach(o -> tiering.setClientOption(o.getKey(), o.getValue()));
        lake.catalogOptions().forEach(tiering::setCatalogOption);
        if (!lake.groups().isEmpty()) {
            tiering.setGroups(lake.groups().toArray(new String[0]));
        }
        return tiering;
    }
}
