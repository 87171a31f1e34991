/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.EnrichedTables;
import dev.flussenrich.core.read.StartPosition;
import dev.flussenrich.core.read.StitchedRecord;
import dev.flussenrich.core.read.StitchedScanner;
import dev.flussenrich.embedded.EmbeddedFlussCluster;
import dev.flussenrich.sink.EnrichmentSerializer;
import dev.flussenrich.sink.EnrichmentSink;
import dev.flussenrich.source.FlussEnrichSource;
import dev.flussenrich.source.reader.StitchedRecordDeserializer;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.DatabaseDescriptor;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.BinaryString;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.row.InternalRow;
import org.apache.fluss.types.DataTypes;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.async.RichAsyncFunction;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A DataStream enrichment job: reads base rows with their identity, looks each one up
 * asynchronously (a stand-in for a feature store or model call), and writes the group back. Runs on
 * a local Flink against an embedded Fluss cluster:
 *
 * <pre>mvn -B -q -Pdemo -Ddemo.main=dev.flussenrich.examples.AsyncEnrichmentJob -DskipTests verify
 * </pre>
 */
public final class AsyncEnrichmentJob {

    private static final TablePath TABLE = TablePath.of("demo", "device_logs");
    private static final int ROWS = 1_000;

    private AsyncEnrichmentJob() {}

    /** A base row and where it lives. */
    public static class Device {
        public String partition;
        public int bucket;
        public long offset;
        public int deviceId;
        public String ip;
    }

    /** The {@code risk} enrichment of one base row. */
    public static class Risk {
        public String partition;
        public int bucket;
        public long offset;
        public double score;
    }

    /** Reads {@code device_id, ip} with the row's identity. */
    public static class DeviceDeserializer implements StitchedRecordDeserializer<Device> {
        @Override
        public Device deserialize(StitchedRecord record) {
            Device device = new Device();
            device.partition = record.bucket().partitionName();
            device.bucket = record.bucket().bucket();
            device.offset = record.offset();
            device.deviceId = record.row().getInt(0);
            device.ip = record.row().getString(1).toString();
            return device;
        }

        @Override
        public TypeInformation<Device> getProducedType() {
            return TypeInformation.of(Device.class);
        }
    }

    /** Writes {@code score} for the row it came from. */
    public static class RiskSerializer implements EnrichmentSerializer<Risk> {
        @Override
        public EnrichedBucket bucketOf(Risk risk) {
            return EnrichedBucket.of(risk.partition, risk.bucket);
        }

        @Override
        public long offsetOf(Risk risk) {
            return risk.offset;
        }

        @Override
        public InternalRow valuesOf(Risk risk) {
            return GenericRow.of(risk.score);
        }
    }

    /** An asynchronous "risk model": answers after a millisecond. */
    public static class RiskModel extends RichAsyncFunction<Device, Risk> {
        @Override
        public void asyncInvoke(Device device, ResultFuture<Risk> result) {
            CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS)
                    .execute(
                            () -> {
                                Risk risk = new Risk();
                                risk.partition = device.partition;
                                risk.bucket = device.bucket;
                                risk.offset = device.offset;
                                risk.score = (device.ip.hashCode() & 0xff) / 255.0;
                                result.complete(List.of(risk));
                            });
        }
    }

    public static void main(String[] args) {
        ExampleMain.run(() -> runDemo());
    }

    private static void runDemo() throws Exception {
        try (EmbeddedFlussCluster fluss = EmbeddedFlussCluster.start(1);
                Connection connection = ConnectionFactory.createConnection(fluss.clientConfig())) {
            createAndFill(connection);

            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(2);
            env.enableCheckpointing(1_000);
            DataStream<Device> devices =
                    env.fromSource(
                            FlussEnrichSource.<Device>builder()
                                    .setBootstrapServers(fluss.bootstrapServers())
                                    .setTable(TABLE.getDatabaseName(), TABLE.getTableName())
                                    .setColumns("device_id", "ip")
                                    .setStartPosition(StartPosition.enrichmentWatermark("risk"))
                                    .setBounded(true)
                                    .setDeserializer(new DeviceDeserializer())
                                    .build(),
                            WatermarkStrategy.noWatermarks(),
                            "device_logs");
            // Ordered: each bucket's rows must reach the sink in offset order.
            AsyncDataStream.orderedWait(devices, new RiskModel(), 5, TimeUnit.SECONDS, 100)
                    .sinkTo(
                            EnrichmentSink.<Risk>builder()
                                    .setBootstrapServers(fluss.bootstrapServers())
                                    .setTable(TABLE.getDatabaseName(), TABLE.getTableName())
                                    .setGroup("risk")
                                    .setSerializer(new RiskSerializer())
                                    .build());
            env.execute("risk enrichment");

            printSample(connection);
        }
    }

    private static void createAndFill(Connection connection) throws Exception {
        connection.getAdmin().createDatabase("demo", DatabaseDescriptor.EMPTY, true).get();
        EnrichedTables tables = new EnrichedTables(connection.getAdmin());
        tables.create(
                TABLE,
                TableDescriptor.builder()
                        .schema(
                                Schema.newBuilder()
                                        .column("device_id", DataTypes.INT())
                                        .column("ip", DataTypes.STRING())
                                        .column("score", DataTypes.DOUBLE())
                                        .build())
                        .distributedBy(2, "device_id")
                        .customProperty("column-groups.risk", "score")
                        .build(),
                false);
        try (Table table = connection.getTable(TABLE)) {
            AppendWriter writer = table.newAppend().createWriter();
            for (int id = 0; id < ROWS; id++) {
                writer.append(
                        GenericRow.of(id, BinaryString.fromString("198.51.100." + (id % 256))));
            }
            writer.flush();
        }
        System.out.println("Wrote " + ROWS + " base rows to " + TABLE);
    }

    private static void printSample(Connection connection) throws Exception {
        EnrichedTable table = new EnrichedTables(connection.getAdmin()).load(TABLE);
        int rows = 0;
        try (StitchedScanner scanner =
                new StitchedScanner(connection, table, List.of("device_id", "ip", "score"))) {
            scanner.subscribeAll(StartPosition.earliest(), true);
            while (!scanner.isFinished()) {
                for (StitchedRecord r : scanner.poll(Duration.ofMillis(200))) {
                    if (rows++ < 5) {
                        System.out.printf(
                                "bucket %d offset %d: device_id=%d ip=%s score=%.3f%n",
                                r.bucket().bucket(),
                                r.offset(),
                                r.row().getInt(0),
                                r.row().getString(1),
                                r.row().getDouble(2));
                    }
                }
            }
        }
        System.out.println("Enriched rows readable with 'score': " + rows + " of " + ROWS);
    }
}
