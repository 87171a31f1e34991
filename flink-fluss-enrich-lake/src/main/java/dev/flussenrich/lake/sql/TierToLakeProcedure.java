/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.sql;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.InvalidTableLayoutException;
import dev.flussenrich.lake.FlussEnrichLake;
import dev.flussenrich.lake.LakeTieringBuilder;
import dev.flussenrich.table.FlussEnrichConnectorOptions;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;
import dev.flussenrich.table.LakeDeclaration;

import org.apache.fluss.exception.TableNotExistException;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.config.TableConfigOptions;
import org.apache.flink.table.procedure.ProcedureContext;
import org.apache.flink.table.procedures.Procedure;

/**
 * {@code CALL <catalog>.sys.tier_to_lake('db.table' [, bounded])}: submits the enriched tiering job
 * of a table to the lake its options declare, as Paimon's {@code sys.compact} submits its job, and
 * returns the job id. Unbounded (the default), the job runs until cancelled; bounded, it tiers what
 * is complete now and finishes. With {@code table.dml-sync}, the call returns when the job ends.
 */
@Internal
public final class TierToLakeProcedure implements Procedure {

    public static final String NAME = "tier_to_lake";

    private final FlussConnectionConfig connection;
    private final EnrichedTables tables;

    TierToLakeProcedure(FlussConnectionConfig connection, EnrichedTables tables) {
        this.connection = connection;
        this.tables = tables;
    }

    public String[] call(ProcedureContext context, String table) throws Exception {
        return call(context, table, false);
    }

    public String[] call(ProcedureContext context, String table, Boolean bounded) throws Exception {
        TablePath path =
                FlussEnrichConnectorOptionsUtil.parseTablePath(table, "table argument of " + NAME);
        EnrichedTable loaded = load(path);
        LakeDeclaration lake =
                LakeDeclaration.of(loaded)
                        .orElseThrow(
                                () ->
                                        new ValidationException(
                                                String.format(
                                                        "Table '%s' has no lake: declare one with"
                                                                + " ALTER TABLE %s SET ('%s' ="
                                                                + " '<Paimon warehouse>'), then"
                                                                + " CALL %s again.",
                                                        path,
                                                        path.getTableName(),
                                                        LakeDeclaration.WAREHOUSE,
                                                        NAME)));
        StreamExecutionEnvironment env = context.getExecutionEnvironment();
        if (!env.getCheckpointConfig().isCheckpointingEnabled()) {
            throw new ValidationException(
                    String.format(
                            "%s commits to the lake when a checkpoint completes, but checkpointing"
                                    + " is off: SET 'execution.checkpointing.interval' = '30s' (how"
                                    + " fresh the lake is), then CALL %s again.",
                            NAME, NAME));
        }
        tieringOf(path, lake).setBounded(Boolean.TRUE.equals(bounded)).addTo(env);
        JobClient job = env.executeAsync("tier " + path + " to the lake");
        if (env.getConfiguration().get(TableConfigOptions.TABLE_DML_SYNC)) {
            // As Flink's INSERT and Paimon's procedures do: wait for the job (a bounded one ends).
            job.getJobExecutionResult().get();
        }
        return new String[] {job.getJobID().toString()};
    }

    private EnrichedTable load(TablePath path) {
        try {
            return tables.load(path);
        } catch (TableNotExistException e) {
            throw new ValidationException(String.format("Fluss table '%s' does not exist.", path));
        } catch (InvalidTableLayoutException e) {
            throw new ValidationException(e.getMessage(), e);
        }
    }

    private LakeTieringBuilder tieringOf(TablePath path, LakeDeclaration lake) {
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
