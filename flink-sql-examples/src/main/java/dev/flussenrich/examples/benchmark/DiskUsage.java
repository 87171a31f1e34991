/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.metadata.TablePath;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        long tableId = admin.getTableInfo(table).get().getTableId();
        String tableDir = table.getTableName() + "-" + tableId;
        long bytes = 0;
        try (Stream<Path> servers = Files.list(clusterDir)) {
            for (Path server :
                    servers.filter(p -> p.getFileName().toString().startsWith("tablet-server-"))
                            .toList()) {
                Path dir = server.resolve(table.getDatabaseName()).resolve(tableDir);
                bytes += logFileBytes(dir);
            }
        }
        return bytes;
    }

    private static long logFileBytes(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".log"))
                    .mapToLong(
                            p -> {
                                try {
                                    return Files.size(p);
                                } catch (IOException e) {
                                    throw new IllegalStateException(e);
                                }
                            })
                    .sum();
        }
    }
}
