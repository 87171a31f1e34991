/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.source.BuilderChecks;
import dev.flussenrich.source.FlussEnrichSource;
import dev.flussenrich.source.FlussEnrichSourceBuilder;
import dev.flussenrich.table.LakeDeclaration;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.DataLakeFormat;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.PublicEvolving;

import org.apache.paimon.catalog.Identifier;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** What the tiering job and the union read both need: Fluss, the logical table, the lake. */
@PublicEvolving
public abstract class LakeJobBuilder<B extends LakeJobBuilder<B>> {

    private String bootstrapServers;
    private TablePath table;
    private final Map<String, String> clientOptions = new HashMap<>();
    private final Map<String, String> catalogOptions = new HashMap<>();
    private String lakeDatabase;
    private String lakeTable;
    private LakeDeclaration.Format format;

    LakeJobBuilder() {}

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    public B setBootstrapServers(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        return self();
    }

    /** The logical table (a table with column groups, or any Fluss log table). */
    public B setTable(String database, String table) {
        this.table = TablePath.of(database, table);
        return self();
    }

    /** A Fluss client option ({@code client.*}), as for {@link FlussEnrichSource#builder()}. */
    public B setClientOption(String key, String value) {
        clientOptions.put(key, value);
        return self();
    }

    /** The Paimon warehouse, for example {@code file:///data/lake} or {@code s3://bucket/lake}. */
    public B setWarehouse(String warehouse) {
        return setCatalogOption("warehouse", warehouse);
    }

    /**
     * A Paimon catalog option, as Paimon's {@code CREATE CATALOG} takes them ({@code metastore},
     * {@code uri}, file-system credentials, ...).
     */
    public B setCatalogOption(String key, String value) {
        catalogOptions.put(key, value);
        return self();
    }

    /** The Paimon database and table of the lake; default the Fluss database and table names. */
    public B setLakeTable(String database, String table) {
        this.lakeDatabase = database;
        this.lakeTable = table;
        return self();
    }

    /**
     * The lake format, {@code paimon} or {@code iceberg}; default: the table's lake declaration's,
     * else the base's {@code table.datalake.format} (Paimon when unset).
     */
    public B setLakeFormat(String format) {
        try {
            this.format = LakeDeclaration.Format.valueOf(format.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Unknown lake format '" + format + "': use 'paimon' or 'iceberg'.", e);
        }
        return self();
    }

    Identifier lakeIdentifier(TablePath logical) {
        return Identifier.create(
                lakeDatabase != null ? lakeDatabase : logical.getDatabaseName(),
                lakeTable != null ? lakeTable : logical.getTableName());
    }

    void checkRequired() {
        BuilderChecks.required(bootstrapServers, "bootstrap servers", "setBootstrapServers");
        BuilderChecks.required(table, "table", "setTable");
        BuilderChecks.required(catalogOptions.get("warehouse"), "Paimon warehouse", "setWarehouse");
    }

    /**
     * The lake format: the one set, else the table's lake declaration's, else its base's
     * table.datalake.format.
     */
    LakeDeclaration.Format lakeFormat(EnrichedTable table) {
        if (format != null) {
            return format;
        }
        return LakeDeclaration.of(table)
                .map(LakeDeclaration::format)
                .orElse(
                        table.base()
                                        .getTableConfig()
                                        .getDataLakeFormat()
                                        .equals(Optional.of(DataLakeFormat.ICEBERG))
                                ? LakeDeclaration.Format.ICEBERG
                                : LakeDeclaration.Format.PAIMON);
    }

    /** The lake this builder names, as a declaration: catalog options, table and format. */
    LakeDeclaration lakeDeclaration(EnrichedTable table) {
        Identifier id = lakeIdentifier(table.tablePath());
        return new LakeDeclaration(
                catalogOptions(),
                TablePath.of(id.getDatabaseName(), id.getObjectName()),
                List.of(),
                lakeFormat(table));
    }

    Map<String, String> catalogOptions() {
        return catalogOptions;
    }

    FlussConnectionConfig connection() {
        return BuilderChecks.connection(bootstrapServers, clientOptions);
    }

    EnrichedTable loadTable(FlussConnectionConfig connection) {
        try (Connection fluss = connection.connect()) {
            return new EnrichedTables(fluss.getAdmin()).load(table);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Could not load table '" + table + "' from Fluss.", e);
        }
    }

    /** Fluss's ids of the table's base now, which lake offsets must match to apply. */
    BaseIds baseIds(FlussConnectionConfig connection, EnrichedTable loaded) {
        try (Connection fluss = connection.connect()) {
            return BaseIds.load(fluss.getAdmin(), loaded.tablePath(), loaded.isPartitioned());
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Could not load table '" + table + "' from Fluss.", e);
        }
    }

    /** A source builder of {@code columns} of the table, with this builder's connection. */
    <T> FlussEnrichSourceBuilder<T> sourceBuilder(List<String> columns) {
        FlussEnrichSourceBuilder<T> source = FlussEnrichSource.builder();
        source.setBootstrapServers(bootstrapServers)
                .setTable(table.getDatabaseName(), table.getTableName())
                .setColumns(columns.toArray(new String[0]));
        clientOptions.forEach(source::setClientOption);
        return source;
    }
}
