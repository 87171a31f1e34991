/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import dev.flussenrich.core.internal.TableCreation;
import dev.flussenrich.testutils.SharedFlussCluster;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.client.table.writer.AppendWriter;
import org.apache.fluss.metadata.LogFormat;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.row.GenericArray;
import org.apache.fluss.row.GenericRow;
import org.apache.fluss.types.DataTypes;

import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Defect (stop 57, fixed in stop 58): the buffer's row-size estimate counted an array as 64 bytes,
 * and a stitched read of 768-float embeddings held 3.6 times the heap of reading a copy, its
 * estimate inside the bound. Here the rows come from Fluss's own scanner, in every log format, so
 * the estimate follows the layout Fluss really hands out.
 */
@ExtendWith(SharedFlussCluster.class)
class HeldRowSizeITCase {

    private static final int DIMENSIONS = 768;

    @ParameterizedTest
    @EnumSource(LogFormat.class)
    void aScannedEmbeddingIsEstimatedAtLeastAtItsFloatsBytes(LogFormat format) throws Exception {
        TablePath path =
                SharedFlussCluster.newTablePath("embedding_" + format.name().toLowerCase());
        Connection connection = SharedFlussCluster.connection();
        new TableCreation(connection.getAdmin()).create(path, embeddings(format));
        float[] embedding = new float[DIMENSIONS];
        for (int i = 0; i < DIMENSIONS; i++) {
            embedding[i] = i * 0.5f;
        }
        try (Table table = connection.getTable(path)) {
            AppendWriter writer = table.newAppend().createWriter();
            writer.append(GenericRow.of(1, new GenericArray(embedding)));
            writer.flush();
        }

        ScanRecord scanned = scanOne(connection, path);

        assertThat(scanned.getRow().getArray(1).toFloatArray()).isEqualTo(embedding);
        assertThat(HeldRowSize.heapBytes(scanned.getRow()))
                .isGreaterThanOrEqualTo(DIMENSIONS * Float.BYTES);
    }

    private static TableDescriptor embeddings(LogFormat format) {
        return TableDescriptor.builder()
                .schema(
                        Schema.newBuilder()
                                .column("id", DataTypes.INT())
                                .column("embedding", DataTypes.ARRAY(DataTypes.FLOAT()))
                                .build())
                .distributedBy(1)
                .logFormat(format)
                .build();
    }

    private static ScanRecord scanOne(Connection connection, TablePath path) throws Exception {
        List<ScanRecord> records = new ArrayList<>();
        try (Table table = connection.getTable(path);
                LogScanner scanner = table.newScan().createLogScanner()) {
            scanner.subscribeFromBeginning(0);
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (records.isEmpty() && System.nanoTime() < deadline) {
                scanner.poll(Duration.ofMillis(100)).forEach(records::add);
            }
        }
        assertThat(records).hasSize(1);
        return records.get(0);
    }
}
