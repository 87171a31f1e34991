/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import dev.flussenrich.core.EnrichedTableLayout;
import dev.flussenrich.core.read.BufferBound;
import dev.flussenrich.core.write.GapPolicy;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.description.Description;

import java.time.Duration;

/**
 * Options of the {@code fluss-enrich} table connector (table options and query hints). Enum options
 * take the core's enums; their {@code toString()} is the value users write.
 */
@PublicEvolving
public final class FlussEnrichConnectorOptions {

    private FlussEnrichConnectorOptions() {}

    /**
     * Prefix of Fluss client options passed to the Fluss client, e.g. {@code
     * client.writer.batch-size}; each must be a Fluss client option (or under {@code
     * client.security.}).
     */
    public static final String CLIENT_PREFIX = "client.";

    /** Prefix of the column group declarations: {@code column-groups.<group> = 'a, b'}. */
    public static final String COLUMN_GROUPS_PREFIX = EnrichedTableLayout.GROUP_PROPERTY_PREFIX;

    /** Prefix of Fluss table properties, stored on the base and its companions. */
    public static final String TABLE_PREFIX = "table.";

    // ---------------------------------------------------------------- connection

    public static final ConfigOption<String> BOOTSTRAP_SERVERS =
            ConfigOptions.key("bootstrap.servers")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Fluss coordinator address(es), host:port, comma separated. Required"
                                    + " for tables declared with 'connector' = 'fluss-enrich';"
                                    + " catalog tables use the catalog's.");

    public static final ConfigOption<String> FLUSS_TABLE =
            ConfigOptions.key("fluss.table")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The logical Fluss table as 'database.table'. Required for tables"
                                    + " declared with 'connector' = 'fluss-enrich'.");

    // ---------------------------------------------------------------- distribution (DDL)

    public static final ConfigOption<Integer> BUCKET_NUMBER =
            ConfigOptions.key("bucket.num")
                    .intType()
                    .noDefaultValue()
                    .withDescription(
                            "Number of buckets of the base table (and of every companion). Default:"
                                    + " the Fluss cluster's default.bucket.number.");

    public static final ConfigOption<String> BUCKET_KEY =
            ConfigOptions.key("bucket.key")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Comma-separated bucket key columns of the base table. Default: none"
                                    + " (rows spread over buckets).");

    // ---------------------------------------------------------------- scan

    public static final ConfigOption<ScanStartupMode> SCAN_STARTUP_MODE =
            ConfigOptions.key("scan.startup.mode")
                    .enumType(ScanStartupMode.class)
                    .defaultValue(ScanStartupMode.FULL)
                    .withDescription(
                            "Where a read starts in every bucket: 'full' (a table with a lake:"
                                    + " the lake, then the log from the offsets it recorded;"
                                    + " otherwise as 'earliest'), 'earliest', 'latest',"
                                    + " 'timestamp' (needs scan.startup.timestamp) or"
                                    + " 'enrichment-watermark' (needs"
                                    + " scan.startup.enrichment.group). ('offset' is for the"
                                    + " DataStream API: one offset does not fit every bucket.)");

    public static final ConfigOption<Long> SCAN_STARTUP_TIMESTAMP =
            ConfigOptions.key("scan.startup.timestamp")
                    .longType()
                    .noDefaultValue()
                    .withDescription(
                            "Epoch milliseconds for scan.startup.mode 'timestamp': the first row"
                                    + " committed at or after it.");

    public static final ConfigOption<String> SCAN_STARTUP_ENRICHMENT_GROUP =
            ConfigOptions.key("scan.startup.enrichment.group")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The column group whose enrichment watermark is the start for"
                                    + " scan.startup.mode 'enrichment-watermark': where an"
                                    + " enrichment job resumes. Several groups, comma-separated,"
                                    + " start each bucket at the lowest of their watermarks.");

    public static final ConfigOption<Duration> SCAN_PARTITION_DISCOVERY_INTERVAL =
            ConfigOptions.key("scan.partition.discovery.interval")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(10))
                    .withDescription(
                            "How often a streaming read looks for new partitions of a partitioned"
                                    + " table; new partitions are read from their earliest"
                                    + " offset.");

    public static final ConfigOption<Integer> SCAN_MAX_BUFFERED_ROWS =
            ConfigOptions.key("scan.max-buffered-rows")
                    .intType()
                    .defaultValue(BufferBound.DEFAULT_MAX_ROWS)
                    .withDescription(
                            "How many rows one source subtask holds back at most (over all its"
                                    + " buckets and tables) while a projection waits for"
                                    + " enrichment; a bucket over its share fetches no more from"
                                    + " that table until half of it is drained. One poll per"
                                    + " bucket and table may go past it, and buckets that got"
                                    + " their rows one after another can hold more together."
                                    + " See also 'scan.max-buffered-bytes': the first bound"
                                    + " reached applies.");

    public static final ConfigOption<MemorySize> SCAN_MAX_BUFFERED_BYTES =
            ConfigOptions.key("scan.max-buffered-bytes")
                    .memoryType()
                    .defaultValue(new MemorySize(BufferBound.DEFAULT_MAX_BYTES))
                    .withDescription(
                            "How much heap the rows one source subtask holds back may take at most"
                                    + " (estimated from the rows fetched; over all its buckets and"
                                    + " tables) while a projection waits for enrichment. A held"
                                    + " row takes several times its size in the log. Shared as"
                                    + " 'scan.max-buffered-rows' is, and can be passed the same"
                                    + " ways; the first bound reached applies.");

    // ---------------------------------------------------------------- sink

    public static final ConfigOption<String> ENRICHMENT_GROUP =
            ConfigOptions.key("enrichment.group")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            Description.builder()
                                    .text(
                                            "Turns an INSERT into an enrichment write of this"
                                                    + " column group, usually given as a hint:"
                                                    + " INSERT INTO t /*+ OPTIONS('enrichment.group'"
                                                    + " = 'geo') */ (_bucket, _offset, city) SELECT"
                                                    + " ... The column list must be the identity"
                                                    + " metadata (_partition when partitioned,"
                                                    + " _bucket, _offset) plus columns of this"
                                                    + " group. Several groups, comma-separated"
                                                    + " ('geo, ua'), are written from the same rows"
                                                    + " by one sink; the list then names columns of"
                                                    + " each of them.")
                                    .build());

    public static final ConfigOption<GapPolicy> ENRICHMENT_GAP_POLICY =
            ConfigOptions.key("enrichment.gap-policy")
                    .enumType(GapPolicy.class)
                    .defaultValue(GapPolicy.FAIL)
                    .withDescription(
                            "What an enrichment write does when a row arrives past the group's"
                                    + " watermark: 'fail' (an error naming table, group, bucket"
                                    + " and offsets; also when base retention removed rows before"
                                    + " they were enriched, then without restarts),"
                                    + " 'skip-expired' (move past rows base retention removed;"
                                    + " other gaps fail) or 'fill-null' (move past expired rows,"
                                    + " write NULL enrichment for other skipped offsets; group"
                                    + " columns must be nullable).");
}
