/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.progress;

import dev.flussenrich.core.BucketOffsets;
import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.core.progress.EnrichmentStatus.BucketStatus;
import dev.flussenrich.core.write.EnrichmentWriter;
import dev.flussenrich.core.write.GapPolicy;
import dev.flussenrich.testutils.SharedFlussCluster;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.OptionalLong;

import static dev.flussenrich.testutils.TestTables.city;
import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(SharedFlussCluster.class)
class EnrichmentStatusITCase {

    @Test
    void eachGroupAndBucketShowsWatermarkLagAndTheOldestUnenrichedRow() throws Exception {
        Connection connection = SharedFlussCluster.connection();
        TablePath path = SharedFlussCluster.newTablePath("status");
        EnrichedTable table = TestTables.createDeviceLogs(connection, path, 2);
        long before = System.currentTimeMillis();
        TestTables.appendBase(connection, path, 0, 20);
        long after = System.currentTimeMillis();
        BucketOffsets offsets = new BucketOffsets(connection.getAdmin());
        long rows0 = offsets.highWatermark(path, EnrichedBucket.of(0));
        long rows1 = offsets.highWatermark(path, EnrichedBucket.of(1));
        assertThat(rows0 + rows1).isEqualTo(20);
        assertThat(rows1).as("the test needs rows in bucket 1").isGreaterThanOrEqualTo(2);

        // geo: bucket 0 fully enriched, bucket 1 only its first row; risk: nothing
        try (EnrichmentWriter geo =
                new EnrichmentWriter(connection, table, "geo", GapPolicy.FAIL)) {
            for (long offset = 0; offset < rows0; offset++) {
                geo.write(EnrichedBucket.of(0), offset, city("c" + offset));
            }
            geo.write(EnrichedBucket.of(1), 0, city("first"));
            geo.flush();
        }

        List<BucketStatus> status = new EnrichmentStatus(connection, table).read();

        assertThat(status)
                .extracting(
                        s ->
                                List.of(
                                        s.group(),
                                        s.bucket(),
                                        s.baseLogStart(),
                                        s.baseHighWatermark(),
                                        s.groupWatermark(),
                                        s.lag(),
                                        s.oldestUnenrichedMillis().isPresent()))
                .containsExactly(
                        List.of("geo", 0, 0L, rows0, rows0, 0L, false),
                        List.of("geo", 1, 0L, rows1, 1L, rows1 - 1, true),
                        List.of("risk", 0, 0L, rows0, 0L, rows0, rows0 > 0),
                        List.of("risk", 1, 0L, rows1, 0L, rows1, true));
        OptionalLong oldest = status.get(1).oldestUnenrichedMillis();
        assertThat(oldest.getAsLong()).isBetween(before - 1000, after + 1000);
        assertThat(status).allMatch(s -> s.partition() == null);
    }
}
