/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.record.FileLogRecords;
import org.apache.fluss.record.LogRecordBatch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Bytes of a table's log segments on the tablet servers' disks: the {@code .log} files under {@code
 * <data dir>/tablet-server-*}/{@code <db>/<table>-<id>/}. Index files are left out (they are
 * preallocated, not data).
 */
final class DiskUsage {

    private final Path clusterDir;
    private final Admin admin;

    DiskUsage(Path clusterDir, Admin admin) {
        this.clusterDir = clusterDir;
        this.admin = admin;
    }

    long logBytes(TablePath table) throws Exception {
        long bytes = 0;
        for (Path file : logFiles(table)) {
            bytes += Files.size(file);
        }
        return bytes;
    }

    /**
     * The record batches in a table's log segments: a batch carries a header and, read, a set-up.
     */
    long batches(TablePath table) throws Exception {
        long batches = 0;
        for (Path file : logFiles(table)) {
            try (FileLogRecords records = FileLogRecords.open(file.toFile(), false)) {
                for (LogRecordBatch ignored : records.batches()) {
                    batches++;
                }
            }
        }
        return batches;
    }

    private List<Path> logFiles(TablePath table) throws Exception {
        long tableId = admin.getTableInfo(table).get().getTableId();
        String tableDir = table.getTableName() + "-" + tableId;
        List<Path> files = new ArrayList<>();
        try (Stream<Path> servers = Files.list(clusterDir)) {
            for (Path server :
                    servers.filter(p -> p.getFileName().toString().startsWith("tablet-server-"))
                            .toList()) {
                Path dir = server.resolve(table.getDatabaseName()).resolve(tableDir);
                if (Files.exists(dir)) {
                    try (Stream<Path> walk = Files.walk(dir)) {
                        walk.filter(p -> p.getFileName().toString().endsWith(".log"))
                                .forEach(files::add);
                    }
                }
            }
        }
        return files;
    }
}
