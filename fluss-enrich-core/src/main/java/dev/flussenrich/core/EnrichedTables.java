/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.TableCreation;

import org.apache.fluss.annotation.PublicEvolving;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.exception.AuthorizationException;
import org.apache.fluss.exception.TableNotExistException;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableChange;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataField;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static dev.flussenrich.core.internal.FlussCalls.awaitRetrying;

/**
 * Creates, loads, alters and drops logical tables (base + companions) through a Fluss {@link
 * Admin}. Every definition is validated before anything is created; a creation that fails half way
 * is rolled back.
 */
@PublicEvolving
public final class EnrichedTables {

    private static final Logger LOG = LoggerFactory.getLogger(EnrichedTables.class);

    private final Admin admin;
    private final TableCreation creation;

    public EnrichedTables(Admin admin) {
        this.admin = admin;
        this.creation = new TableCreation(admin);
    }

    /** Creates the base table and one companion per group declared in {@code logical}. */
    public void create(TablePath path, TableDescriptor logical, boolean ignoreIfExists) {
        EnrichedTableLayout layout = EnrichedTableLayout.plan(path, logical);
        if (await(admin.tableExists(path))) {
            if (ignoreIfExists) {
                return;
            }
            throw new InvalidTableLayoutException(
                    String.format("Table '%s' already exists.", path));
        }
        for (ColumnGroup group : layout.groups()) {
            requireFreeCompanionName(path, group.name());
        }
        TableInfo base = creation.create(path, layout.baseDescriptor());
        List<TablePath> created = new ArrayList<>();
        try {
            for (ColumnGroup group : layout.groups()) {
                TablePath companion = EnrichedTableLayout.companionPath(path, group.name());
                creation.create(
                        companion,
                        EnrichedTableLayout.companionDescriptor(
                                base, group.name(), layout.columnsOf(group.name())));
                created.add(companion);
            }
        } catch (RuntimeException e) {
            created.add(path);
            dropQuietly(created);
            throw e;
        }
    }

    /**
     * Adds a column group with new columns to an existing table. Rows written before get this group
     * from the base's earliest offset on, once an enrichment job writes it.
     */
    public void addGroup(TablePath path, String group, List<Schema.Column> columns) {
        TableInfo base = await(admin.getTableInfo(path));
        EnrichedTable current = load(base);
        if (current.group(group).isPresent()) {
            throw new InvalidTableLayoutException(
                    String.format("Table '%s' already has a column group '%s'.", path, group));
        }
        // Validate the table as it would be after the change, with the same rules as create().
        Schema.Builder schema = Schema.newBuilder();
        for (DataField field : current.logicalRowType().getFields()) {
            schema.column(field.getName(), field.getType());
        }
        List<String> existing = current.logicalRowType().getFieldNames();
        for (Schema.Column column : columns) {
            if (existing.contains(column.getName())) {
                throw new InvalidTableLayoutException(
                        String.format(
                                "Column '%s' already exists in table '%s': a new column group "
                                        + "brings new columns.",
                                column.getName(), path));
            }
            schema.column(column.getName(), column.getDataType());
        }
        String property = EnrichedTableLayout.GROUP_PROPERTY_PREFIX + group;
        Map<String, String> customProperties = new HashMap<>(base.getCustomProperties().toMap());
        customProperties.put(
                property,
                columns.stream().map(Schema.Column::getName).collect(Collectors.joining(", ")));
        TableDescriptor after =
                TableDescriptor.builder(base.toTableDescriptor())
                        .schema(schema.build())
                        .customProperties(customProperties)
                        .build();
        EnrichedTableLayout.plan(path, after);
        dropOrphanCompanion(path, group);
        requireFreeCompanionName(path, group);

        // Companion first: a group is visible only once the base property names it.
        TablePath companion = EnrichedTableLayout.companionPath(path, group);
        creation.create(companion, EnrichedTableLayout.companionDescriptor(base, group, columns));
        try {
            await(
                    admin.alterTable(
                            path,
                            List.of(TableChange.set(property, customProperties.get(property))),
                            false));
        } catch (RuntimeException e) {
            dropQuietly(List.of(companion));
            throw e;
        }
    }

    /**
     * Removes a column group: its columns leave the logical table, its companion (with the stored
     * enrichment) is dropped. Works when the companion is already gone, and finishes a drop or an
     * add that was interrupted (a companion left without its property). Stop the group's enrichment
     * jobs first: Fluss retries their appends to the dropped companion without end.
     */
    public void dropGroup(TablePath path, String group) {
        TableInfo base = await(admin.getTableInfo(path));
        String property = EnrichedTableLayout.GROUP_PROPERTY_PREFIX + group;
        boolean named = base.getCustomProperties().toMap().containsKey(property);
        if (named) {
            // The property first: the group is gone for readers and writers once it is.
            await(admin.alterTable(path, List.of(TableChange.reset(property)), false));
        }
        boolean orphan = dropOrphanCompanion(path, group);
        if (!named && !orphan) {
            throw new InvalidTableLayoutException(
                    String.format(
                            "Table '%s' has no column group '%s' (groups: %s).",
                            path,
                            group,
                            ColumnGroups.parse(base.getCustomProperties().toMap(), path).names()));
        }
    }

    /**
     * Drops the companion of a group the base does not name (an interrupted add or drop leaves
     * one); a table of that name that is not this table's companion stays. Callers have checked
     * that the base does not name the group.
     */
    private boolean dropOrphanCompanion(TablePath path, String group) {
        TablePath companion = EnrichedTableLayout.companionPath(path, group);
        if (!await(admin.tableExists(companion))) {
            return false;
        }
        Map<String, String> marks =
                await(admin.getTableInfo(companion)).getCustomProperties().toMap();
        if (!path.getTableName().equals(marks.get(EnrichedTableLayout.COMPANION_OF_PROPERTY))
                || !group.equals(marks.get(EnrichedTableLayout.COMPANION_GROUP_PROPERTY))) {
            return false;
        }
        LOG.info(
                "Dropping companion {}, which group '{}' of {} no longer names",
                companion,
                group,
                path);
        await(admin.dropTable(companion, true));
        return true;
    }

    /**
     * Loads a logical table in two round trips (the base, then all its companions at once); a group
     * whose companion is missing is an error.
     *
     * @throws TableNotExistException (Fluss's) when the table does not exist
     */
    public EnrichedTable load(TablePath path) {
        TableInfo base;
        try {
            base = awaitRetrying(() -> admin.getTableInfo(path));
        } catch (AuthorizationException e) {
            // Fluss checks DESCRIBE before existence; a missing table is told as missing.
            if (!awaitRetrying(() -> admin.tableExists(path))) {
                throw new TableNotExistException(String.format("Table '%s' does not exist.", path));
            }
            throw e;
        }
        return load(base);
    }

    private EnrichedTable load(TableInfo base) {
        if (EnrichedTableLayout.isCompanion(base)) {
            throw new InvalidTableLayoutException(
                    String.format(
                            "Table '%s' is a fluss-enrich companion table; use its logical table "
                                    + "'%s' instead.",
                            base.getTablePath(),
                            base.getCustomProperties()
                                    .toMap()
                                    .get(EnrichedTableLayout.COMPANION_OF_PROPERTY)));
        }
        List<ColumnGroup> groups =
                ColumnGroups.parse(base.getCustomProperties().toMap(), base.getTablePath())
                        .asList();
        // Every companion is asked for at once: one round trip for any number of groups.
        List<Supplier<CompletableFuture<TableInfo>>> companionRequests = new ArrayList<>();
        for (ColumnGroup group : groups) {
            TablePath companion =
                    EnrichedTableLayout.companionPath(base.getTablePath(), group.name());
            companionRequests.add(FlussCalls.sentNow(() -> admin.getTableInfo(companion)));
        }
        List<EnrichedTable.Group> loaded = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            ColumnGroup group = groups.get(i);
            loaded.add(
                    new EnrichedTable.Group(
                            group, companionInfo(base, group, companionRequests.get(i))));
        }
        return new EnrichedTable(base, loaded);
    }

    private TableInfo companionInfo(
            TableInfo base, ColumnGroup group, Supplier<CompletableFuture<TableInfo>> request) {
        TablePath companion = EnrichedTableLayout.companionPath(base.getTablePath(), group.name());
        try {
            return awaitRetrying(request);
        } catch (TableNotExistException e) {
            throw noCompanion(base, group, companion);
        } catch (AuthorizationException e) {
            // Fluss checks DESCRIBE before existence; a missing companion is told as missing.
            if (!awaitRetrying(() -> admin.tableExists(companion))) {
                throw noCompanion(base, group, companion);
            }
            throw new AuthorizationException(
                    String.format(
                            "Column group '%s' of table '%s' is stored in companion table '%s',"
                                    + " which this Fluss user may not see (%s). A user of the"
                                    + " table needs DESCRIBE on every companion, READ on those"
                                    + " whose columns it reads, WRITE on the one it enriches"
                                    + " (see docs/operations.md, Security).",
                            group.name(), base.getTablePath(), companion, e.getMessage()));
        }
    }

    private static InvalidTableLayoutException noCompanion(
            TableInfo base, ColumnGroup group, TablePath companion) {
        return new InvalidTableLayoutException(
                String.format(
                        "Column group '%s' of table '%s' has no companion table '%s'. Drop the"
                                + " group (CALL <catalog>.sys.drop_column_group('%s', '%s'), or"
                                + " EnrichedTables.dropGroup) and add it again.",
                        group.name(),
                        base.getTablePath(),
                        companion,
                        base.getTablePath(),
                        group.name()));
    }

    /** Drops the base table, its companions and its watermark checkpoints. */
    public void drop(TablePath path, boolean ignoreIfNotExists) {
        if (!await(admin.tableExists(path))) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new InvalidTableLayoutException(
                    String.format("Table '%s' does not exist.", path));
        }
        TableInfo base = await(admin.getTableInfo(path));
        List<ColumnGroup> groups =
                ColumnGroups.parse(base.getCustomProperties().toMap(), path).asList();
        // Base first: once it is gone the logical table is gone, whatever happens next.
        await(admin.dropTable(path, false));
        for (ColumnGroup group : groups) {
            await(admin.dropTable(EnrichedTableLayout.companionPath(path, group.name()), true));
        }
        await(admin.dropTable(EnrichedTableLayout.progressPath(path), true));
    }

    /** The logical tables of a database: every table except companions. */
    public List<String> listTables(String database) {
        return await(admin.listTables(database)).stream()
                .filter(name -> !EnrichedTableLayout.looksLikeCompanion(name))
                .sorted()
                .collect(Collectors.toList());
    }

    private void requireFreeCompanionName(TablePath path, String group) {
        TablePath companion = EnrichedTableLayout.companionPath(path, group);
        if (await(admin.tableExists(companion))) {
            throw new InvalidTableLayoutException(
                    String.format(
                            "Cannot store column group '%s' of table '%s': table '%s' already "
                                    + "exists. Drop it or choose another group name.",
                            group, path, companion));
        }
    }

    private void dropQuietly(List<TablePath> tables) {
        for (TablePath table : tables) {
            try {
                await(admin.dropTable(table, true));
            } catch (RuntimeException e) {
                LOG.warn("Could not roll back table {}", table, e);
            }
        }
    }
}
