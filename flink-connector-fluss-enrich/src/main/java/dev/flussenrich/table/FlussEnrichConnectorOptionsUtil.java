/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.LogicalTable;
import dev.flussenrich.core.read.BufferBound;
import dev.flussenrich.core.read.StartPosition;

import org.apache.fluss.config.FlussConfigUtils;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static dev.flussenrich.table.FlussEnrichConnectorOptions.BOOTSTRAP_SERVERS;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.CLIENT_PREFIX;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.ENRICHMENT_GROUP;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_MAX_BUFFERED_BYTES;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_MAX_BUFFERED_ROWS;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_STARTUP_ENRICHMENT_GROUP;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_STARTUP_MODE;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_STARTUP_TIMESTAMP;

/**
 * Reads and checks connector and catalog options: the Fluss client options, the table path, the
 * start position, and that a table is a log table. Factories only wire what this returns.
 */
@Internal
public final class FlussEnrichConnectorOptionsUtil {

    private FlussEnrichConnectorOptionsUtil() {}

    /** The reader's buffer bound from 'scan.max-buffered-rows' and 'scan.max-buffered-bytes'. */
    public static BufferBound bufferBound(ReadableConfig options) {
        int rows = options.get(SCAN_MAX_BUFFERED_ROWS);
        if (rows < 1) {
            throw new ValidationException(
                    String.format(
                            "'%s' must be at least 1, got %d.",
                            SCAN_MAX_BUFFERED_ROWS.key(), rows));
        }
        MemorySize bytes = options.get(SCAN_MAX_BUFFERED_BYTES);
        if (bytes.getBytes() < 1) {
            throw new ValidationException(
                    String.format(
                            "'%s' must be at least 1 byte, got '%s'.",
                            SCAN_MAX_BUFFERED_BYTES.key(), bytes));
        }
        return new BufferBound(rows, bytes.getBytes());
    }

    /**
     * The {@code client.*} options, each checked against Fluss's own list of client options (keys
     * under {@code client.security.} pass: their names depend on the SASL mechanism).
     */
    public static Map<String, String> clientOptions(Map<String, String> options) {
        Map<String, String> client = new TreeMap<>();
        for (Map.Entry<String, String> option : options.entrySet()) {
            String key = option.getKey();
            if (!key.startsWith(CLIENT_PREFIX)) {
                continue;
            }
            if (!FlussConfigUtils.CLIENT_OPTIONS.containsKey(key)
                    && !key.startsWith(FlussConfigUtils.CLIENT_SECURITY_PREFIX)) {
                throw new ValidationException(
                        String.format(
                                "Unknown Fluss client option '%s'. Options under '%s' go to the"
                                        + " Fluss client and must be Fluss client options (see"
                                        + " Fluss's client configuration), e.g."
                                        + " 'client.writer.batch-size'.",
                                key, CLIENT_PREFIX));
            }
            client.put(key, option.getValue());
        }
        return client;
    }

    /** The connection of a table declared with {@code 'connector' = 'fluss-enrich'}. */
    public static FlussConnectionConfig connectionOf(Map<String, String> tableOptions) {
        return FlussConnectionConfig.of(
                tableOptions.get(BOOTSTRAP_SERVERS.key()), clientOptions(tableOptions));
    }

    /**
     * A table path written as {@code 'database.table'}; {@code source} names where it came from.
     */
    public static TablePath parseTablePath(String value, String source) {
        String[] parts = value.split("\\.");
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new ValidationException(
                    String.format("Invalid %s: '%s' is not 'database.table'.", source, value));
        }
        return TablePath.of(parts[0], parts[1]);
    }

    /**
     * The groups an INSERT writes, from {@code enrichment.group} (comma-separated); none for a base
     * write. Whether the table has them is checked with the column list.
     */
    public static List<String> writtenGroups(ReadableConfig options) {
        return options.getOptional(ENRICHMENT_GROUP)
                .map(value -> groupList(ENRICHMENT_GROUP.key(), value))
                .orElse(List.of());
    }

    /** The groups of an option that names one group or several, comma-separated. */
    public static List<String> groupList(String optionKey, String value) {
        List<String> groups = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            String group = part.trim();
            if (group.isEmpty()) {
                throw new ValidationException(
                        String.format(
                                "'%s' = '%s' has an empty group name. Name one column group, or"
                                        + " several separated by commas, e.g. 'geo, ua'.",
                                optionKey, value));
            }
            if (groups.contains(group)) {
                throw new ValidationException(
                        String.format(
                                "'%s' = '%s' names group '%s' twice. Name each group once.",
                                optionKey, value, group));
            }
            groups.add(group);
        }
        return groups;
    }

    /** Where a table scan starts, from the {@code scan.startup.*} options. */
    public static StartPosition startPosition(ReadableConfig options, LogicalTable table) {
        ScanStartupMode mode = options.get(SCAN_STARTUP_MODE);
        switch (mode) {
            case FULL:
            case EARLIEST:
                return StartPosition.earliest();
            case LATEST:
                return StartPosition.latest();
            case TIMESTAMP:
                return StartPosition.timestamp(
                        options.getOptional(SCAN_STARTUP_TIMESTAMP)
                                .orElseThrow(
                                        () -> requiredFor(SCAN_STARTUP_TIMESTAMP.key(), mode)));
            case ENRICHMENT_WATERMARK:
                List<String> groups =
                        groupList(
                                SCAN_STARTUP_ENRICHMENT_GROUP.key(),
                                options.getOptional(SCAN_STARTUP_ENRICHMENT_GROUP)
                                        .orElseThrow(
                                                () ->
                                                        requiredFor(
                                                                SCAN_STARTUP_ENRICHMENT_GROUP.key(),
                                                                mode)));
                for (String group : groups) {
                    if (table.groups().get(group).isEmpty()) {
                        throw new ValidationException(
                                String.format(
                                        "'%s' = '%s' is not a column group of table '%s' (groups:"
                                                + " %s).",
                                        SCAN_STARTUP_ENRICHMENT_GROUP.key(),
                                        group,
                                        table.path(),
                                        String.join(", ", table.groups().names())));
                    }
                }
                return StartPosition.enrichmentWatermark(groups);
            default:
                throw new ValidationException(
                        String.format(
                                "'%s' = '%s' is not supported in SQL: one offset does not fit"
                                        + " every bucket. Use 'full', 'earliest', 'latest', 'timestamp'"
                                        + " or 'enrichment-watermark'.",
                                SCAN_STARTUP_MODE.key(), mode));
        }
    }

    private static ValidationException requiredFor(String key, ScanStartupMode mode) {
        return new ValidationException(
                String.format(
                        "'%s' is required when '%s' = '%s'.", key, SCAN_STARTUP_MODE.key(), mode));
    }

    /**
     * The table, if it is a log table; a primary-key table is an error (fluss-enrich reads and
     * writes log tables only).
     */
    public static EnrichedTable requireLogTable(EnrichedTable table) {
        if (table.base().hasPrimaryKey()) {
            throw new ValidationException(
                    String.format(
                            "Table '%s' is a primary-key table: fluss-enrich reads and writes log"
                                    + " tables only (primary-key tables already support partial"
                                    + " updates). Use Fluss's own catalog ('type' = 'fluss') or"
                                    + " connector ('connector' = 'fluss') for it.",
                            table.tablePath()));
        }
        return table;
    }
}
