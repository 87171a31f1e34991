/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.InvalidTableLayoutException;
import dev.flussenrich.core.progress.EnrichmentStatus;
import dev.flussenrich.core.progress.EnrichmentStatus.BucketStatus;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.ProcedureHint;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.procedure.ProcedureContext;
import org.apache.flink.table.procedures.Procedure;
import org.apache.flink.types.Row;

import java.time.Instant;
import java.util.List;

/**
 * {@code CALL <catalog>.sys.enrichment_status('db.table')}: one row per group, partition and bucket
 * with the base's offsets, the group's watermark, the lag and the commit time of the oldest row
 * readers of the group cannot see yet (see {@link EnrichmentStatus}).
 */
@Internal
public final class EnrichmentStatusProcedure implements Procedure {

    public static final String NAME = "enrichment_status";

    private final Connection connection;
    private final EnrichedTables tables;

    EnrichmentStatusProcedure(Connection connection, EnrichedTables tables) {
        this.connection = connection;
        this.tables = tables;
    }

    @ProcedureHint(
            output =
                    @DataTypeHint(
                            "ROW<`group` STRING, `partition` STRING, `bucket` INT,"
                                    + " `base_log_start` BIGINT, `base_high_watermark` BIGINT,"
                                    + " `group_watermark` BIGINT, `lag` BIGINT,"
                                    + " `oldest_unenriched` TIMESTAMP_LTZ(3)>"))
    public Row[] call(ProcedureContext context, String table) {
        TablePath path =
                FlussEnrichConnectorOptionsUtil.parseTablePath(table, "table argument of " + NAME);
        EnrichedTable loaded;
        try {
            loaded = tables.load(path);
        } catch (InvalidTableLayoutException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        List<BucketStatus> status = new EnrichmentStatus(connection, loaded).read();
        return status.stream()
                .map(
                        s ->
                                Row.of(
                                        s.group(),
                                        s.partition(),
                                        s.bucket(),
                                        s.baseLogStart(),
                                        s.baseHighWatermark(),
                                        s.groupWatermark(),
                                        s.lag(),
                                        s.oldestUnenrichedMillis().isPresent()
                                                ? Instant.ofEpochMilli(
                                                        s.oldestUnenrichedMillis().getAsLong())
                                                : null))
                .toArray(Row[]::new);
    }
}
