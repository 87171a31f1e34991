/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.source.ScanTableSource;
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
     * A bounded read of the newest tiered snapshot of {@code table}'s lake, producing the rows of
     * {@code physicalRow} (lake columns, system columns included, by name).
     */
    ScanTableSource lakePart(
            FlussConnectionConfig connection,
            EnrichedTable table,
            LakeDeclaration lake,
            DataType physicalRow);

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
