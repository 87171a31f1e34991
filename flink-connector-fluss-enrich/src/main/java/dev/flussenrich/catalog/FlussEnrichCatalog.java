/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.catalog;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.InvalidTableLayoutException;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;
import dev.flussenrich.table.FlussEnrichDynamicTableFactory;
import dev.flussenrich.table.LakeSqlSupport;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.exception.DatabaseNotEmptyException;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogDatabaseImpl;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.TableChange;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotExistException;
import org.apache.flink.table.catalog.exceptions.ProcedureNotExistException;
import org.apache.flink.table.catalog.exceptions.TableAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.procedures.Procedure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;

import static dev.flussenrich.core.internal.FlussCalls.await;

/**
 * The {@code fluss-enrich} catalog: Fluss databases, and logical tables whose companions stay
 * hidden. Tables read and write through the {@code fluss-enrich} connector.
 */
@Internal
public final class FlussEnrichCatalog extends TablesOnlyCatalog {

    private final FlussConnectionConfig connectionConfig;
    private Connection connection;
    private Admin admin;
    private EnrichedTables tables;

    public FlussEnrichCatalog(
            String name, String defaultDatabase, FlussConnectionConfig connectionConfig) {
        super(name, defaultDatabase);
        this.connectionConfig = connectionConfig;
    }

    @Override
    public void open() {
        connection = connectionConfig.connect();
        admin = connection.getAdmin();
        tables = new EnrichedTables(admin);
    }

    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (Exception e) {
                throw new CatalogException("Could not close the Fluss connection", e);
            }
        }
    }

    @Override
    public Optional<Factory> getFactory() {
        return Optional.of(new FlussEnrichDynamicTableFactory(connectionConfig, tables));
    }

    // ---------------------------------------------------------------- databases

    @Override
    public List<String> listDatabases() {
        return await(admin.listDatabases());
    }

    @Override
    public CatalogDatabase getDatabase(String databaseName) throws DatabaseNotExistException {
        if (!databaseExists(databaseName)) {
            throw new DatabaseNotExistException(getName(), databaseName);
        }
        var info = await(admin.getDatabaseInfo(databaseName));
        return new CatalogDatabaseImpl(
                info.getDatabaseDescriptor().getCustomProperties(),
                info.getDatabaseDescriptor().getComment().orElse(null));
    }

    @Override
    public boolean databaseExists(String databaseName) {
        return await(admin.databaseExists(databaseName));
    }

    @Override
    public void createDatabase(String name, CatalogDatabase database, boolean ignoreIfExists)
            throws DatabaseAlreadyExistException {
        if (databaseExists(name)) {
            if (ignoreIfExists) {
                return;
            }
            throw new DatabaseAlreadyExistException(getName(), name);
        }
        DatabaseDescriptor descriptor =
                DatabaseDescriptor.builder()
                        .comment(database.getComment())
                        .customProperties(new HashMap<>(database.getProperties()))
                        .build();
        await(admin.createDatabase(name, descriptor, ignoreIfExists));
    }

    @Override
    public void dropDatabase(String name, boolean ignoreIfNotExists, boolean cascade)
            throws DatabaseNotExistException {
        if (!databaseExists(name)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new DatabaseNotExistException(getName(), name);
        }
        try {
            await(admin.dropDatabase(name, ignoreIfNotExists, cascade));
        } catch (DatabaseNotEmptyException e) {
            throw new CatalogException(
                    "Database '" + name + "' is not empty; use DROP DATABASE ... CASCADE.", e);
        }
    }

    @Override
    public void alterDatabase(String name, CatalogDatabase newDatabase, boolean ignoreIfNotExists) {
        throw new CatalogException("The fluss-enrich catalog does not support ALTER DATABASE.");
    }

    // ---------------------------------------------------------------- procedures

    /** The database that holds procedures: {@code CALL <catalog>.sys.<procedure>(...)}. */
    public static final String PROCEDURE_DATABASE = "sys";

    @Override
    public List<String> listProcedures(String databaseName) throws DatabaseNotExistException {
        if (PROCEDURE_DATABASE.equals(databaseName)) {
            List<String> names =
                    new ArrayList<>(
                            List.of(
                                    AddColumnGroupProcedure.NAME,
                                    DropColumnGroupProcedure.NAME,
                                    EnrichmentStatusProcedure.NAME));
            LakeSqlSupport.find().ifPresent(lake -> names.addAll(lake.procedureNames()));
            return names;
        }
        if (!databaseExists(databaseName)) {
            throw new DatabaseNotExistException(getName(), databaseName);
        }
        return List.of();
    }

    @Override
    public Procedure getProcedure(ObjectPath path) throws ProcedureNotExistException {
        if (PROCEDURE_DATABASE.equals(path.getDatabaseName())) {
            switch (path.getObjectName()) {
                case AddColumnGroupProcedure.NAME:
                    return new AddColumnGroupProcedure(tables);
                case DropColumnGroupProcedure.NAME:
                    return new DropColumnGroupProcedure(tables);
                case EnrichmentStatusProcedure.NAME:
                    return new EnrichmentStatusProcedure(connection, tables);
                default:
                    Optional<LakeSqlSupport> lake = LakeSqlSupport.find();
                    if (lake.isPresent()
                            && lake.get().procedureNames().contains(path.getObjectName())) {
                        return lake.get().procedure(path.getObjectName(), connectionConfig, tables);
                    }
                    break;
            }
        }
        throw new ProcedureNotExistException(getName(), path);
    }

    // ---------------------------------------------------------------- tables

    @Override
    public List<String> listTables(String databaseName) throws DatabaseNotExistException {
        if (!databaseExists(databaseName)) {
            throw new DatabaseNotExistException(getName(), databaseName);
        }
        return tables.listTables(databaseName);
    }

    @Override
    public CatalogBaseTable getTable(ObjectPath path) throws TableNotExistException {
        // No tableExists first: the planner asks for a table several times per statement, and
        // a missing table is told by the load itself, one round trip fewer each time.
        String name = path.getObjectName();
        try {
            if (CatalogTables.isLakePart(name)) {
                return CatalogTables.toLakePartTable(
                        loadLogTable(CatalogTables.logicalPathOfLakePart(path)));
            }
            if (CatalogTables.isHidden(name)) {
                throw new TableNotExistException(getName(), path);
            }
            return CatalogTables.toCatalogTable(loadLogTable(toTablePath(path)));
        } catch (org.apache.fluss.exception.TableNotExistException e) {
            throw new TableNotExistException(getName(), path, e);
        }
    }

    private EnrichedTable loadLogTable(TablePath tablePath) {
        EnrichedTable table;
        try {
            table = tables.load(tablePath);
        } catch (InvalidTableLayoutException e) {
            throw new CatalogException(e.getMessage(), e);
        }
        try {
            return FlussEnrichConnectorOptionsUtil.requireLogTable(table);
        } catch (ValidationException e) {
            throw new CatalogException(e.getMessage(), e);
        }
    }

    @Override
    public boolean tableExists(ObjectPath path) {
        String name = path.getObjectName();
        if (CatalogTables.isLakePart(name)) {
            return await(admin.tableExists(CatalogTables.logicalPathOfLakePart(path)));
        }
        return !CatalogTables.isHidden(name) && await(admin.tableExists(toTablePath(path)));
    }

    @Override
    public void createTable(ObjectPath path, CatalogBaseTable table, boolean ignoreIfExists)
            throws TableAlreadyExistException, DatabaseNotExistException {
        if (!databaseExists(path.getDatabaseName())) {
            throw new DatabaseNotExistException(getName(), path.getDatabaseName());
        }
        if (tableExists(path)) {
            if (ignoreIfExists) {
                return;
            }
            throw new TableAlreadyExistException(getName(), path);
        }
        if (!(table instanceof ResolvedCatalogTable resolved)) {
            throw new CatalogException("The fluss-enrich catalog stores tables only, not views.");
        }
        TablePath tablePath = toTablePath(path);
        CatalogTables.checkLake(resolved.getOptions(), tablePath);
        try {
            tables.create(
                    tablePath, CatalogTables.toDescriptor(resolved, tablePath.toString()), false);
        } catch (InvalidTableLayoutException e) {
            throw new CatalogException(e.getMessage(), e);
        }
    }

    @Override
    public void dropTable(ObjectPath path, boolean ignoreIfNotExists)
            throws TableNotExistException {
        if (!tableExists(path)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new TableNotExistException(getName(), path);
        }
        tables.drop(toTablePath(path), ignoreIfNotExists);
    }

    /**
     * {@code ALTER TABLE t SET (...)} and {@code RESET (...)} of the lake options ({@code lake.*}):
     * checked on the table's new options, then stored with the base in Fluss. Every other change is
     * refused, as before.
     */
    @Override
    public void alterTable(
            ObjectPath path,
            CatalogBaseTable newTable,
            List<TableChange> changes,
            boolean ignoreIfNotExists)
            throws TableNotExistException {
        if (!tableExists(path) || CatalogTables.isLakePart(path.getObjectName())) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new TableNotExistException(getName(), path);
        }
        TablePath tablePath = toTablePath(path);
        List<org.apache.fluss.metadata.TableChange> flussChanges =
                CatalogTables.lakeOptionChanges(changes, tablePath);
        if (flussChanges == null) {
            alterTable(path, newTable, ignoreIfNotExists);
            return;
        }
        EnrichedTable table = loadLogTable(tablePath);
        CatalogTables.checkLake(newTable.getOptions(), tablePath, table.groupNames());
        await(admin.alterTable(tablePath, flussChanges, false));
    }

    private static TablePath toTablePath(ObjectPath path) {
        return TablePath.of(path.getDatabaseName(), path.getObjectName());
    }
}
