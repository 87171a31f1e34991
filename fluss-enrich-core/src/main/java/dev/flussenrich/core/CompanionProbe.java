/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.Connection;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.client.table.scanner.ScanRecord;
import org.apache.fluss.client.table.scanner.log.LogScanner;
import org.apache.fluss.metadata.TablePath;

import java.time.Duration;
import java.util.List;

/** Reads the source offset stored at one position of a companion bucket. */
@Internal
final class CompanionProbe {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(100);

    private final Connection connection;

    CompanionProbe(Connection connection) {
        this.connection = connection;
    }

    /**
     * The {@code _source_offset} of the companion row at log offset {@code position}.
     *
     * @param partitionId the companion's partition id, or null if not partitioned
     */
    long sourceOffsetAt(TablePath companion, Long partitionId, int bucket, long position) {
        try (Table table = connection.getTable(companion);
                LogScanner scanner =
                        table.newScan()
                                .project(List.of(EnrichedTableLayout.SOURCE_OFFSET_COLUMN))
                                .createLogScanner()) {
            if (partitionId == null) {
                scanner.subscribe(bucket, position);
            } else {
                scanner.subscribe(partitionId, bucket, position);
            }
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                for (ScanRecord record : scanner.poll(POLL)) {
                    if (record.logOffset() >= position) {
                        return record.getRow().getLong(0);
                    }
                }
            }
            throw new IllegalStateException(
                    String.format(
                            "Could not read position %d of bucket %d of companion table '%s' "
                                    + "within %s.",
                            position, bucket, companion, TIMEOUT));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Could not read companion table " + companion, e);
        }
    }
}
