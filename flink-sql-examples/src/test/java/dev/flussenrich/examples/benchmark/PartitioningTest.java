/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The benchmark's partitions: contiguous id ranges, and the SQL pieces each mode adds. */
class PartitioningTest {

    @Test
    void rowsFillThePartitionsInContiguousEqualRanges() {
        Partitioning thirty = new Partitioning(30, 500_000);
        assertThat(thirty.names()).hasSize(30).startsWith("p00", "p01").endsWith("p29");
        assertThat(thirty.partitionOf(0)).isEqualTo("p00");
        assertThat(thirty.partitionOf(16_666)).isEqualTo("p00");
        assertThat(thirty.partitionOf(16_667)).isEqualTo("p01");
        assertThat(thirty.partitionOf(499_999)).isEqualTo("p29");
        // the visibility's stamped rows come after the loaded ones
        assertThat(thirty.partitionOf(500_000)).isEqualTo("p29");
    }

    @Test
    void aPartitionedTableGetsTheColumnTheClauseAndThePartitionIdentity() {
        Partitioning thirty = new Partitioning(30, 500_000);
        assertThat(thirty.enabled()).isTrue();
        assertThat(thirty.columnDdl()).isEqualTo(", pt STRING");
        assertThat(thirty.column()).isEqualTo(", pt");
        assertThat(thirty.partitionedBy()).isEqualTo(" PARTITIONED BY (pt)");
        assertThat(thirty.identityColumns()).isEqualTo("_partition, _bucket, _offset");
    }

    @Test
    void oneTableIsNotPartitionedAndAddsNothing() {
        Partitioning one = new Partitioning(1, 500_000);
        assertThat(one.enabled()).isFalse();
        assertThat(one.columnDdl()).isEmpty();
        assertThat(one.column()).isEmpty();
        assertThat(one.partitionedBy()).isEmpty();
        assertThat(one.identityColumns()).isEqualTo("_bucket, _offset");
        assertThat(one.partitionOf(123)).isEqualTo("p00");
    }

    @Test
    void noPartitionsOrMorePartitionsThanRowsIsRefused() {
        assertThatThrownBy(() -> new Partitioning(0, 100))
                .hasMessage("benchmark.partitions must be 1 to benchmark.rows (100), got 0");
        assertThatThrownBy(() -> new Partitioning(101, 100))
                .hasMessage("benchmark.partitions must be 1 to benchmark.rows (100), got 101");
    }
}
