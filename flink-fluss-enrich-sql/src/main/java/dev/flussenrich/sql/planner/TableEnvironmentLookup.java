/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.catalog.UnresolvedIdentifier;

import java.util.List;
import java.util.Optional;

/** Finds tables the way the TableEnvironment resolves them (temporary tables first). */
@Internal
public final class TableEnvironmentLookup implements TargetLookup {

    private final CatalogManager catalogs;

    public TableEnvironmentLookup(TableEnvironment tableEnvironment) {
        this.catalogs = ((TableEnvironmentInternal) tableEnvironment).getCatalogManager();
    }

    @Override
    public Optional<EnrichmentTarget> find(List<String> identifier) {
        ObjectIdentifier qualified;
        try {
            qualified = catalogs.qualifyIdentifier(UnresolvedIdentifier.of(identifier));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        Optional<ContextResolvedTable> table = catalogs.getTable(qualified);
        if (table.isEmpty()) {
            return Optional.empty();
        }
        ResolvedCatalogBaseTable<?> resolved = table.get().getResolvedTable();
        return EnrichmentTargets.of(qualified, resolved);
    }
}
