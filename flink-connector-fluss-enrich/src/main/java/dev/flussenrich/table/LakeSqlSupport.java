/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.source.ScanSettings;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.procedures.Procedure;
import org.apache.flink.table.types.DataType;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * What the lake module ({@code flink-fluss-enrich-lake}) adds to SQL: its procedures and the read
 * of a table's lake part ({@code t$lake}). Found with {@link ServiceLoader}, so the connector runs
 * without Paimon and a lake user adds one jar.
 */
@Internal
public interface LakeSqlSupport {

    /** The names of the procedures the lake module adds to {@code <catalog>.sys}. */
    List<String> procedureNames();

    Procedure procedure(String name, FlussConnectionConfig connection, EnrichedTables tables);

    /**
     * The logical columns {@code t$lake} shows: those the lake table has values for in every row (a
     * group added since is left out until tiering has filled it), or the declared ones before the
     * lake table exists.
     */
    List<String> lakePartColumns(EnrichedTable table, LakeDeclaration lake);

    /**
     * A bounded read of the newest tiered snapshot of {@code table}'s lake, producing the rows of
     * {@code physicalRow} (lake columns, system columns included, by name).
     */
    ScanTableSource lakePart(
            FlussConnectionConfig connection,
            EnrichedTable table,
            LakeDeclaration lake,
            DataType physicalRow);

    /**
     * The union read of a SQL scan in mode {@code full}: the newest tiered snapshot of the lake,
     * then the Fluss log as {@code log} says, from the offsets that snapshot recorded. Rows are
     * {@code log}'s columns then {@code metadata}, as {@code deserializer} makes them from the log.
     * Without a tiered snapshot yet, the log alone from its start.
     */
    Source<RowData, ?, ?> unionRead(
            ScanSettings log,
            RowDataDeserializer deserializer,
            LakeRead lake,
            List<IdentityMetadata> metadata);

    /**
     * What a union read needs to know of a table's lake.
     *
     * @param lakeColumns the logical columns the lake holds
     * @param partitionKeys the base's partition keys (the lake's too)
     */
    record LakeRead(
            LakeDeclaration declaration, List<String> lakeColumns, List<String> partitionKeys) {

        /** Whether the lake holds every column a read asks for. */
        public boolean covers(List<String> columns) {
            return lakeColumns.containsAll(columns);
        }
    }

    static Optional<LakeSqlSupport> find() {
        ClassLoader loader = LakeSqlSupport.class.getClassLoader();
        return ServiceLoader.load(LakeSqlSupport.class, loader).findFirst();
    }

    /** The lake module, or an error naming {@code what} needs it. */
    static LakeSqlSupport require(String what) {
        return find().orElseThrow(
                        () ->
                                new ValidationException(
                                        what
                                                + " needs the lake module: add the"
                                                + " flink-fluss-enrich-lake jar (with Paimon and"
                                                + " Hadoop's client) to the classpath."));
    }
}
