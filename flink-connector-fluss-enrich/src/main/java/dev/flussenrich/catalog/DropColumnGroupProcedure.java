/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.InvalidTableLayoutException;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;
import dev.flussenrich.table.LakeDeclaration;

import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.procedure.ProcedureContext;
import org.apache.flink.table.procedures.Procedure;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
            refuseLakeGroup(path, group);
            tables.dropGroup(path, group);
        } catch (InvalidTableLayoutException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        return new String[] {String.format("Dropped column group '%s' of %s", group, path)};
    }

    /**
     * A group the lake names by 'lake.groups' is taken out of it first, so that the declaration
     * never names a group the table no longer has.
     */
    private void refuseLakeGroup(TablePath path, String group) {
        EnrichedTable loaded = tables.load(path);
        Optional<LakeDeclaration> lake = LakeDeclaration.of(loaded);
        if (lake.isPresent() && lake.get().groups().contains(group)) {
            List<String> rest = new ArrayList<>(lake.get().groups());
            rest.remove(group);
            String change =
                    rest.isEmpty()
                            ? String.format(
                                    "ALTER TABLE %s RESET ('%s'): the lake then carries every"
                                            + " group",
                                    path.getTableName(), LakeDeclaration.GROUPS)
                            : String.format(
                                    "ALTER TABLE %s SET ('%s' = '%s')",
                                    path.getTableName(),
                                    LakeDeclaration.GROUPS,
                                    String.join(", ", rest));
            throw new ValidationException(
                    String.format(
                            "Column group '%s' of %s is in its lake ('%s' = '%s'): take it out"
                                    + " first (%s), then drop it and start the tiering again.",
                            group,
                            path,
                            LakeDeclaration.GROUPS,
                            String.join(", ", lake.get().groups()),
                            change));
        }
    }
}
