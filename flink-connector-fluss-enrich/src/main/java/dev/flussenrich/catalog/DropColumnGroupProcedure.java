/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.InvalidTableLayoutException;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.procedure.ProcedureContext;
import org.apache.flink.table.procedures.Procedure;

/**
 * {@code CALL <catalog>.sys.drop_column_group('db.table', 'group')}: removes a column group and its
 * stored enrichment (see {@link EnrichedTables#dropGroup}).
 */
@Internal
public final class DropColumnGroupProcedure implements Procedure {

    public static final String NAME = "drop_column_group";

    private final EnrichedTables tables;

    DropColumnGroupProcedure(EnrichedTables tables) {
        this.tables = tables;
    }

    public String[] call(ProcedureContext context, String table, String group) {
        TablePath path =
                FlussEnrichConnectorOptionsUtil.parseTablePath(table, "table argument of " + NAME);
        try {
            tables.dropGroup(path, group);
        } catch (InvalidTableLayoutException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        return new String[] {String.format("Dropped column group '%s' of %s", group, path)};
    }
}
