/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake.sql;

import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.lake.DeclaredLakeTiering;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;
import dev.flussenrich.table.LakeDeclaration;

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
        LakeDeclaration lake;
        try {
            lake = DeclaredLakeTiering.lakeOf(tables, path, "CALL " + NAME + " again");
        } catch (IllegalArgumentException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        StreamExecutionEnvironment env = context.getExecutionEnvironment();
        if (!env.getCheckpointConfig().isCheckpointingEnabled()) {
            throw new ValidationException(
                    String.format(
                            "%s commits to the lake when a checkpoint completes, but checkpointing"
                                    + " is off: SET 'execution.checkpointing.interval' = '30s' (how"
                                    + " fresh the lake is), then CALL %s again.",
                            NAME, NAME));
        }
        DeclaredLakeTiering.tiering(connection, path, lake)
                .setBounded(Boolean.TRUE.equals(bounded))
                .addTo(env);
        JobClient job = env.executeAsync("tier " + path + " to the lake");
        if (env.getConfiguration().get(TableConfigOptions.TABLE_DML_SYNC)) {
            // As Flink's INSERT and Paimon's procedures do: wait for the job (a bounded one ends).
            job.getJobExecutionResult().get();
        }
        return new String[] {job.getJobID().toString()};
    }
}
