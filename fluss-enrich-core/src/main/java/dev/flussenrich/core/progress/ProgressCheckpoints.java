/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.core.internal.FlussCalls;
import dev.flussenrich.core.internal.TableCreation;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.lookup.LookupResult;
import org.apache.fluss.client.lookup.Lookuper;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.UpsertWriter;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.exception.AuthorizationException;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.types.DataTypes;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Checkpoints of the written offsets of a logical table's companion buckets, kept in the primary
 * key table {@link EnrichedTableLayout#progressPath} (created on first use). A checkpoint says: the
 * companion rows before log position {@code position} hold rows for exactly these source offsets.
 * The table keeps, per bucket, the checkpoint of the highest position (Fluss's {@code versioned}
 * merge engine), so a stale checkpoint stored late never replaces a newer one.
 *
 * <p>Checkpoints only save reading: without one (no rights to create or write the table, or none
 * stored yet) the watermark is derived from the companion's first row on. So every failure here is
 * logged once and otherwise ignored.
 */
@Internal
final class ProgressCheckpoints implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ProgressCheckpoints.class);

    static final String PROGRESS_OF_PROPERTY = "fluss-enrich.progress-of";

    private static final Duration ABSENT_RECHECK = Duration.ofSeconds(10);

    /**
     * Where a checkpoint belongs: the companion (its table id, so a re-created one starts anew).
     */
    record Key(long companionTableId, Long partitionId, int bucket) {}

    /** The offsets written by the companion rows before log position {@code position}. */
    record Checkpoint(long position, WrittenOffsets written) {}

    private final Connection connection;
    private final TablePath base;
    private final TablePath path;
    private Table table;
    private Lookuper lookuper;
    private UpsertWriter writer;
    private boolean unavailable;

    /** Until when a lookup trusts that the table does not exist yet (System.nanoTime). */
    private long absentUntil;

    ProgressCheckpoints(Connection connection, TablePath base) {
        this.connection = connection;
        this.base = base;
        this.path = EnrichedTableLayout.progressPath(base);
    }

    /** The stored checkpoint of a companion bucket, if there is one and it can be read. */
    Optional<Checkpoint> find(Key key) {
        return Optional.ofNullable(findAll(List.of(key)).get(key));
    }

    /**
     * The stored checkpoints of several companion buckets, those there are and can be read. Every
     * lookup is sent before any is waited for: Fluss's lookup client sends a batch when its batch
     * timeout ends (100 ms by default), so lookups one after another cost that much each.
     */
    Map<Key, Checkpoint> findAll(Collection<Key> keys) {
        if (keys.isEmpty() || !open(false)) {
            return Map.of();
        }
        try {
            Map<Key, CompletableFuture<LookupResult>> lookups = new LinkedHashMap<>();
            for (Key key : keys) {
                lookups.put(key, lookuper.lookup(keyRow(key)));
            }
            Map<Key, Checkpoint> found = new HashMap<>();
            for (Map.Entry<Key, CompletableFuture<LookupResult>> lookup : lookups.entrySet()) {
                InternalRow row =
                        FlussCalls.await(
                                        lookup.getValue(),
                                        FlussCalls.ATTEMPT_WAIT,
                                        "a watermark checkpoint lookup")
                                .getSingletonRow();
                if (row != null) {
                    found.put(
                            lookup.getKey(),
                            new Checkpoint(
                                    row.getLong(3),
                                    WrittenOffsets.of(
                                            row.getLong(4), row.getString(5).toString())));
                }
            }
            return found;
        } catch (RuntimeException e) {
            giveUp("read", e);
            return Map.of();
        }
    }

    /**
     * Stores several checkpoints, each replacing the stored one of its bucket only if its position
     * is higher; all are sent before any is waited for (as {@link #findAll}).
     */
    void storeAll(Map<Key, Checkpoint> checkpoints) {
        if (checkpoints.isEmpty() || !open(true)) {
            return;
        }
        try {
            if (writer == null) {
                writer = table.newUpsert().createWriter();
            }
            List<CompletableFuture<?>> upserts = new ArrayList<>();
            checkpoints.forEach(
                    (key, checkpoint) -> upserts.add(writer.upsert(rowOf(key, checkpoint))));
            for (CompletableFuture<?> upsert : upserts) {
                FlussCalls.await(upsert, FlussCalls.ATTEMPT_WAIT, "a watermark checkpoint store");
            }
        } catch (RuntimeException e) {
            giveUp("write", e);
        }
    }

    private static GenericRow rowOf(Key key, Checkpoint checkpoint) {
        GenericRow row = new GenericRow(6);
        row.setField(0, key.companionTableId());
        row.setField(1, partitionIdOf(key));
        row.setField(2, key.bucket());
        row.setField(3, checkpoint.position());
        row.setField(4, checkpoint.written().completeBelow());
        row.setField(5, BinaryString.fromString(checkpoint.written().runsText()));
        return row;
    }

    private boolean open(boolean create) {
        if (unavailable) {
            return false;
        }
        if (table != null) {
            return true;
        }
        if (!create && System.nanoTime() < absentUntil) {
            return false;
        }
        try {
            boolean exists =
                    FlussCalls.awaitRetrying(() -> connection.getAdmin().tableExists(path));
            if (!exists) {
                if (!create) {
                    // Asked again only after a while: a bounded read looks up every bucket.
                    absentUntil = System.nanoTime() + ABSENT_RECHECK.toNanos();
                    return false;
                }
                createTable();
            }
            table = FlussCalls.retrying(() -> connection.getTable(path));
            lookuper = table.newLookup().createLookuper();
            return true;
        } catch (RuntimeException e) {
            giveUp(create ? "create" : "read", e);
            return false;
        }
    }

    private void createTable() {
        TableInfo baseInfo = FlussCalls.await(connection.getAdmin().getTableInfo(base));
        Schema schema =
                Schema.newBuilder()
                        .column("companion_table_id", DataTypes.BIGINT().copy(false))
                        .column("partition_id", DataTypes.BIGINT().copy(false))
                        .column("bucket", DataTypes.INT().copy(false))
                        .column("position", DataTypes.BIGINT().copy(false))
                        .column("complete_below", DataTypes.BIGINT().copy(false))
                        .column("runs", DataTypes.STRING().copy(false))
                        .primaryKey("companion_table_id", "partition_id", "bucket")
                        .build();
        TableDescriptor.Builder descriptor =
                TableDescriptor.builder()
                        .schema(schema)
                        .distributedBy(1)
                        .property(ConfigOptions.TABLE_MERGE_ENGINE.key(), "versioned")
                        .property(ConfigOptions.TABLE_MERGE_ENGINE_VERSION_COLUMN.key(), "position")
                        .customProperty(PROGRESS_OF_PROPERTY, base.getTableName())
                        .comment("fluss-enrich watermark checkpoints of " + base);
        baseInfo.getProperties()
                .getOptional(ConfigOptions.TABLE_REPLICATION_FACTOR)
                .ifPresent(
                        factor ->
                                descriptor.property(
                                        ConfigOptions.TABLE_REPLICATION_FACTOR.key(),
                                        String.valueOf(factor)));
        try {
            new TableCreation(connection.getAdmin()).create(path, descriptor.build());
        } catch (RuntimeException e) {
            // Another writer created it meanwhile.
            if (!FlussCalls.await(connection.getAdmin().tableExists(path))) {
                throw e;
            }
        }
    }

    private static InternalRow keyRow(Key key) {
        return GenericRow.of(key.companionTableId(), partitionIdOf(key), key.bucket());
    }

    private static long partitionIdOf(Key key) {
        return key.partitionId() == null ? -1L : key.partitionId();
    }

    /**
     * Logs a failure. A missing right stays missing, so the table is not tried again; anything else
     * (a leader moving) is tried again next time.
     */
    private void giveUp(String action, RuntimeException e) {
        if (!(e instanceof AuthorizationException)
                && !(e.getCause() instanceof AuthorizationException)) {
            LOG.warn(
                    "Could not {} the watermark checkpoints in {}: {}", action, path, e.toString());
            return;
        }
        unavailable = true;
        LOG.warn(
                "Could not {} the watermark checkpoints of {} in {} ({}). Watermarks are derived"
                        + " from the companions' first rows instead, which reads more; grant READ"
                        + " and WRITE on {} to the enrichment jobs (CREATE on the database to"
                        + " the first one) to avoid that.",
                action,
                base,
                path,
                e.toString(),
                path);
    }

    @Override
    public void close() throws Exception {
        if (table != null) {
            table.close();
        }
    }
}
