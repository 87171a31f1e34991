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
     * How many companion rows before the high watermark the watermark lookup reads. Late duplicates
     * (a zombie task attempt, a racing job) are appended after newer rows; the highest source
     * offset among the last rows is the real progress unless more than this many late rows follow
     * the newest one.
     */
    static final int TAIL_WINDOW = 10_000;

    /**
     * The {@code _source_offset} of the companion row at log offset {@code position}.
     *
     * @param partitionId the companion's partition id, or null if not partitioned
     */
    long sourceOffsetAt(TablePath companion, Long partitionId, int bucket, long position) {
        return highestSourceOffset(companion, partitionId, bucket, position, position + 1);
    }

    /** The highest {@code _source_offset} of the companion rows at log offsets [from, to). */
    long highestSourceOffset(
            TablePath companion, Long partitionId, int bucket, long from, long to) {
        try (Table table = connection.getTable(companion);
                LogScanner scanner =
                        table.newScan()
                                .project(List.of(EnrichedTableLayout.SOURCE_OFFSET_COLUMN))
                                .createLogScanner()) {
            if (partitionId == null) {
                scanner.subscribe(bucket, from);
            } else {
                scanner.subscribe(partitionId, bucket, from);
            }
            long result = Long.MIN_VALUE;
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                for (ScanRecord record : scanner.poll(POLL)) {
                    if (record.logOffset() >= from && record.logOffset() < to) {
                        long source = record.getRow().getLong(0);
                        result = Math.max(result, source);
                    }
                    if (record.logOffset() >= to - 1) {
                        return result;
                    }
                }
            }
            throw new IllegalStateException(
                    String.format(
                            "Could not read positions %d..%d of bucket %d of companion table '%s' "
                                    + "within %s.",
                            from, to - 1, bucket, companion, TIMEOUT));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Could not read companion table " + companion, e);
        }
    }
}
