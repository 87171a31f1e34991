/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.FlussConnectionConfig;
import dev.flussenrich.table.FlussEnrichConnectorOptions;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;
import dev.flussenrich.table.LakeDeclaration;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.TimeUtils;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The enriched tiering of one table as a standalone Flink job, as an operator runs Fluss's own
 * tiering service: the lake is the one the table declares ({@code lake.*} options).
 *
 * <pre>
 * flink run -c dev.flussenrich.lake.LakeTieringJob flink-fluss-enrich-lake-&lt;version&gt;.jar \
 *     --bootstrap.servers fluss:9123 --table db.device_logs [--bounded]
 *     [--checkpoint.interval 30s] [--client.&lt;Fluss client option&gt; value ...]
 * </pre>
 */
@PublicEvolving
public final class LakeTieringJob {

    /**
     * The checkpoint interval when neither the command line nor Flink's configuration sets one: how
     * fresh the lake is.
     */
    static final Duration DEFAULT_CHECKPOINT_INTERVAL = Duration.ofSeconds(30);

    static final String USAGE =
            "Usage: LakeTieringJob --bootstrap.servers <host:port> --table <database.table>"
                    + " [--bounded] [--checkpoint.interval <duration, e.g. 30s>]"
                    + " [--client.<Fluss client option> <value> ...]";

    private LakeTieringJob() {}

    public static void main(String[] args) throws Exception {
        Arguments parsed = Arguments.parse(args);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        if (parsed.checkpointInterval != null) {
            env.enableCheckpointing(parsed.checkpointInterval.toMillis());
        } else if (!env.getCheckpointConfig().isCheckpointingEnabled()) {
            env.enableCheckpointing(DEFAULT_CHECKPOINT_INTERVAL.toMillis());
        }
        LakeDeclaration lake;
        try (Connection fluss = parsed.connection.connect()) {
            lake =
                    DeclaredLakeTiering.lakeOf(
                            new EnrichedTables(fluss.getAdmin()),
                            parsed.table,
                            "start the job again");
        }
        DeclaredLakeTiering.tiering(parsed.connection, parsed.table, lake)
                .setBounded(parsed.bounded)
                .addTo(env);
        env.execute("tier " + parsed.table + " to the lake");
    }

    /**
     * The command line: where Fluss is (with client options), the table, bounded or not, and the
     * checkpoint interval (null: Flink's configuration, else the default).
     */
    record Arguments(
            FlussConnectionConfig connection,
            TablePath table,
            boolean bounded,
            Duration checkpointInterval) {

        static Arguments parse(String[] args) {
            String servers = null;
            String table = null;
            boolean bounded = false;
            Duration checkpointInterval = null;
            Map<String, String> clientOptions = new HashMap<>();
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                if (arg.equals("--bounded")) {
                    bounded = true;
                    continue;
                }
                if (!arg.startsWith("--") || i + 1 >= args.length) {
                    throw new IllegalArgumentException(
                            "Unexpected argument '" + arg + "'. " + USAGE);
                }
                String key = arg.substring(2);
                String value = args[++i];
                if (key.equals("bootstrap.servers")) {
                    servers = value;
                } else if (key.equals("table")) {
                    table = value;
                } else if (key.equals("checkpoint.interval")) {
                    checkpointInterval = TimeUtils.parseDuration(value);
                } else if (key.startsWith(FlussEnrichConnectorOptions.CLIENT_PREFIX)) {
                    clientOptions.put(key, value);
                } else {
                    throw new IllegalArgumentException("Unknown option '" + arg + "'. " + USAGE);
                }
            }
            if (servers == null || table == null) {
                throw new IllegalArgumentException(
                        "--bootstrap.servers and --table are required. " + USAGE);
            }
            return new Arguments(
                    FlussConnectionConfig.of(servers, clientOptions),
                    FlussEnrichConnectorOptionsUtil.parseTablePath(table, "--table"),
                    bounded,
                    checkpointInterval);
        }
    }
}
