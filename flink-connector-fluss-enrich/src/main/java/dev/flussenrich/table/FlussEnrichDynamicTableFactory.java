/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.core.InvalidTableLayoutException;
import dev.flussenrich.core.LogicalTable;

import org.apache.fluss.client.Connection;
import org.apache.fluss.exception.TableNotExistException;
import org.apache.fluss.flink.utils.FlinkConversions;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import static dev.flussenrich.table.FlussEnrichConnectorOptions.BOOTSTRAP_SERVERS;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.BUCKET_KEY;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.BUCKET_NUMBER;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.CLIENT_PREFIX;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.COLUMN_GROUPS_PREFIX;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.ENRICHMENT_GAP_POLICY;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.ENRICHMENT_GROUP;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.FLUSS_TABLE;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_MAX_BUFFERED_BYTES;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_MAX_BUFFERED_ROWS;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_PARTITION_DISCOVERY_INTERVAL;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_STARTUP_ENRICHMENT_GROUP;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_STARTUP_MODE;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.SCAN_STARTUP_TIMESTAMP;
import static dev.flussenrich.table.FlussEnrichConnectorOptions.TABLE_PREFIX;

/**
 * The {@code fluss-enrich} connector: tables of the fluss-enrich catalog, or tables declared with
 * {@code 'connector' = 'fluss-enrich'} that point at an existing logical table.
 */
@Internal
public final class FlussEnrichDynamicTableFactory
        implements DynamicTableSourceFactory, DynamicTableSinkFactory {

    public static final String IDENTIFIER = "fluss-enrich";

    /**
     * Set by the catalog on {@code t$lake}: the table reads the lake part of {@code t}. Internal,
     * so not an option users see (keys under {@code fluss-enrich.} are never stored with a table).
     */
    public static final String LAKE_PART_MARKER = "fluss-enrich.lake-part";

    /** The catalog's connection, or null when the factory is found by 'connector'. */
    private final FlussConnectionConfig catalogConnection;

    /** The catalog's open table loader (saves a connection per planned table), or null. */
    private final EnrichedTables catalogTables;

    public FlussEnrichDynamicTableFactory() {
        this(null, null);
    }

    public FlussEnrichDynamicTableFactory(
            FlussConnectionConfig catalogConnection, EnrichedTables catalogTables) {
        this.catalogConnection = catalogConnection;
        this.catalogTables = catalogTables;
    }

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(
                BOOTSTRAP_SERVERS,
                FLUSS_TABLE,
                BUCKET_NUMBER,
                BUCKET_KEY,
                SCAN_STARTUP_MODE,
                SCAN_STARTUP_TIMESTAMP,
                SCAN_STARTUP_ENRICHMENT_GROUP,
                SCAN_PARTITION_DISCOVERY_INTERVAL,
                SCAN_MAX_BUFFERED_ROWS,
                SCAN_MAX_BUFFERED_BYTES,
                ENRICHMENT_GROUP,
                ENRICHMENT_GAP_POLICY);
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        if ("true".equals(context.getCatalogTable().getOptions().get(LAKE_PART_MARKER))) {
            return createLakePartSource(context);
        }
        ResolvedTarget target = resolve(context);
        ReadableConfig options = target.options;
        boolean bounded =
                context.getConfiguration().get(ExecutionOptions.RUNTIME_MODE)
                        == RuntimeExecutionMode.BATCH;
        return new FlussEnrichTableSource(
                target.connection,
                target.table,
                target.enriched.base().getPartitionKeys(),
                target.physicalType,
                FlussEnrichConnectorOptionsUtil.startPosition(options, target.table),
                bounded,
                options.get(SCAN_PARTITION_DISCOVERY_INTERVAL),
                FlussEnrichConnectorOptionsUtil.bufferBound(options),
                options.get(SCAN_STARTUP_MODE) == ScanStartupMode.FULL
                        ? lakeReadOf(target.enriched)
                        : null);
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        ResolvedTarget target = resolve(context);
        ReadableConfig options = target.options;
        return new FlussEnrichTableSink(
                target.connection,
                target.table,
                target.physicalType,
                context.getCatalogTable().getResolvedSchema().getColumnNames(),
                FlussEnrichConnectorOptionsUtil.writtenGroups(options),
                options.get(ENRICHMENT_GAP_POLICY));
    }

    /** {@code t$lake}: the newest tiered snapshot of {@code t}'s lake, read from Paimon. */
    private DynamicTableSource createLakePartSource(Context context) {
        String name = context.getObjectIdentifier().getObjectName();
        String what = "Reading '" + name + "'";
        LakeSqlSupport lakeModule = LakeSqlSupport.require(what);
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        // The catalog's internal marker is not a user option, so it is not among optionalOptions.
        helper.validateExcept(CLIENT_PREFIX, COLUMN_GROUPS_PREFIX, TABLE_PREFIX, "fluss-enrich.");
        FlussConnectionConfig connection = connectionOf(context, helper.getOptions());
        TablePath path =
                TablePath.of(
                        context.getObjectIdentifier().getDatabaseName(),
                        name.substring(0, name.lastIndexOf('$')));
        EnrichedTable table =
                catalogTables != null ? loadFromCatalog(path) : load(connection, path);
        LakeDeclaration lake =
                LakeDeclaration.of(table)
                        .orElseThrow(
                                () ->
                                        new ValidationException(
                                                String.format(
                                                        "%s: table '%s' has no lake (option"
                                                                + " '%s').",
                                                        what, path, LakeDeclaration.WAREHOUSE)));
        return lakeModule.lakePart(
                connection,
                table,
                lake,
                context.getCatalogTable().getResolvedSchema().toPhysicalRowDataType());
    }

    private record ResolvedTarget(
            FlussConnectionConfig connection,
            EnrichedTable enriched,
            LogicalTable table,
            DataType physicalType,
            ReadableConfig options) {}

    /** The lake a 'full' scan reads first, or null when the table declares none. */
    private static LakeSqlSupport.LakeRead lakeReadOf(EnrichedTable table) {
        return LakeDeclaration.of(table)
                .map(
                        lake ->
                                new LakeSqlSupport.LakeRead(
                                        lake,
                                        LakeDeclaration.lakeColumns(table, lake.groupsOf(table)),
                                        table.base().getPartitionKeys()))
                .orElse(null);
    }

    private ResolvedTarget resolve(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        helper.validateExcept(
                CLIENT_PREFIX, COLUMN_GROUPS_PREFIX, TABLE_PREFIX, LakeDeclaration.PREFIX);
        ReadableConfig options = helper.getOptions();
        FlussConnectionConfig connection = connectionOf(context, options);
        TablePath path = tablePathOf(context, options);
        EnrichedTable table =
                catalogTables != null && options.getOptional(BOOTSTRAP_SERVERS).isEmpty()
                        ? loadFromCatalog(path)
                        : load(connection, path);
        ResolvedSchema schema = context.getCatalogTable().getResolvedSchema();
        checkDeclaredColumns(schema, table);
        return new ResolvedTarget(
                connection, table, table.logical(), schema.toPhysicalRowDataType(), options);
    }

    /**
     * The logical table that the options of a {@code 'connector' = 'fluss-enrich'} table point at
     * ({@code bootstrap.servers}, {@code fluss.table}, {@code client.*}), or empty when they do not
     * name one.
     */
    public static Optional<EnrichedTable> loadDeclared(Map<String, String> tableOptions) {
        String flussTable = tableOptions.get(FLUSS_TABLE.key());
        if (tableOptions.get(BOOTSTRAP_SERVERS.key()) == null || flussTable == null) {
            return Optional.empty();
        }
        return Optional.of(
                load(
                        FlussEnrichConnectorOptionsUtil.connectionOf(tableOptions),
                        parseTablePath(flussTable)));
    }

    private static TablePath parseTablePath(String value) {
        return FlussEnrichConnectorOptionsUtil.parseTablePath(value, "'" + FLUSS_TABLE.key() + "'");
    }

    private FlussConnectionConfig connectionOf(Context context, ReadableConfig options) {
        Map<String, String> clientOptions =
                FlussEnrichConnectorOptionsUtil.clientOptions(
                        context.getCatalogTable().getOptions());
        if (options.getOptional(BOOTSTRAP_SERVERS).isPresent()) {
            return FlussConnectionConfig.of(options.get(BOOTSTRAP_SERVERS), clientOptions);
        }
        if (catalogConnection != null) {
            Map<String, String> merged = new HashMap<>(catalogConnection.options());
            merged.putAll(clientOptions);
            return FlussConnectionConfig.of(catalogConnection.bootstrapServers(), merged);
        }
        throw new ValidationException(
                String.format(
                        "Table '%s' needs the option '%s' (the Fluss coordinator, host:port), or"
                                + " must live in a 'fluss-enrich' catalog.",
                        context.getObjectIdentifier().asSummaryString(), BOOTSTRAP_SERVERS.key()));
    }

    private TablePath tablePathOf(Context context, ReadableConfig options) {
        if (options.getOptional(FLUSS_TABLE).isPresent()) {
            return parseTablePath(options.get(FLUSS_TABLE));
        }
        if (catalogConnection != null) {
            return TablePath.of(
                    context.getObjectIdentifier().getDatabaseName(),
                    context.getObjectIdentifier().getObjectName());
        }
        throw new ValidationException(
                String.format(
                        "Table '%s' needs the option '%s' = 'database.table' naming the Fluss"
                                + " table.",
                        context.getObjectIdentifier().asSummaryString(), FLUSS_TABLE.key()));
    }

    private EnrichedTable loadFromCatalog(TablePath path) {
        return checked(path, () -> catalogTables.load(path));
    }

    private static EnrichedTable load(FlussConnectionConfig connectionConfig, TablePath path) {
        try (Connection connection = connectionConfig.connect()) {
            return checked(path, () -> new EnrichedTables(connection.getAdmin()).load(path));
        } catch (ValidationException e) {
            throw e;
        } catch (Exception e) {
            throw new ValidationException(
                    String.format("Could not load Fluss table '%s': %s", path, e.getMessage()), e);
        }
    }

    /** Loads a logical table; a missing, primary-key or inconsistent table is a planning error. */
    private static EnrichedTable checked(TablePath path, Supplier<EnrichedTable> loader) {
        EnrichedTable table;
        try {
            table = loader.get();
        } catch (TableNotExistException e) {
            throw new ValidationException(String.format("Fluss table '%s' does not exist.", path));
        } catch (InvalidTableLayoutException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        return FlussEnrichConnectorOptionsUtil.requireLogTable(table);
    }

    /** Declared physical columns must be columns of the logical table, with its types. */
    private static void checkDeclaredColumns(ResolvedSchema schema, EnrichedTable table) {
        for (Column column : schema.getColumns()) {
            if (!column.isPhysical()) {
                continue;
            }
            int index = table.logicalRowType().getFieldIndex(column.getName());
            if (index < 0) {
                throw new ValidationException(
                        String.format(
                                "Column '%s' is not a column of Fluss table '%s' (columns: %s).",
                                column.getName(),
                                table.tablePath(),
                                String.join(", ", table.logicalRowType().getFieldNames())));
            }
            LogicalType expected =
                    FlinkConversions.toFlinkType(table.logicalRowType().getTypeAt(index))
                            .getLogicalType();
            LogicalType declared = column.getDataType().getLogicalType();
            if (!expected.copy(true).equals(declared.copy(true))) {
                throw new ValidationException(
                        String.format(
                                "Column '%s' is declared as %s but is %s in Fluss table '%s'.",
                                column.getName(),
                                declared.asSummaryString(),
                                expected.asSummaryString(),
                                table.tablePath()));
            }
        }
    }
}
