/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.core.ColumnGroup;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTableLayout;

import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;

import java.util.ArrayList;
import java.util.List;

/**
 * Enriched tables as {@link dev.flussenrich.core.EnrichedTables#load} would return them, built in
 * memory from a logical definition (base and companions laid out as on creation): for unit tests,
 * no cluster.
 */
public final class InMemoryTables {

    private InMemoryTables() {}

    public static EnrichedTable of(TablePath path, TableDescriptor logical) {
        EnrichedTableLayout layout = EnrichedTableLayout.plan(path, logical);
        TableInfo base = TableInfo.of(path, 1L, 0, layout.baseDescriptor(), 0L, 0L);
        List<EnrichedTable.Group> groups = new ArrayList<>();
        for (ColumnGroup group : layout.groups()) {
            TableInfo companion =
                    TableInfo.of(
                            EnrichedTableLayout.companionPath(path, group.name()),
                            2L + groups.size(),
                            0,
                            EnrichedTableLayout.companionDescriptor(
                                    base, group.name(), layout.columnsOf(group.name())),
                            0L,
                            0L);
            groups.add(new EnrichedTable.Group(group, companion));
        }
        return new EnrichedTable(base, groups);
    }
}
