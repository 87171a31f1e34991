/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.write;

import dev.flussenrich.core.EnrichedBucket;
import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.testutils.InMemoryTables;
import dev.flussenrich.testutils.TestTables;

import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataTypes;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WriterChecksTest {

    private static final TablePath PATH = TablePath.of("db", "t");

    private static final EnrichedTable DEVICE_LOGS =
            InMemoryTables.of(PATH, TestTables.deviceLogs(4));

    /** {@code id INT, city STRING NOT NULL}, group {@code geo = city}. */
    private static final EnrichedTable NOT_NULL_CITY =
            InMemoryTables.of(
                    PATH,
                    TableDescriptor.builder()
                            .schema(
                                    Schema.newBuilder()
                                            .column("id", DataTypes.INT())
                                            .column("city", DataTypes.STRING().copy(false))
                                            .build())
                            .distributedBy(1)
                            .customProperty("column-groups.geo", "city")
                            .build());

    private static void checkWritable(
            EnrichedTable table, GapPolicy gapPolicy, Configuration client) {
        WriterChecks.checkWritable(table, table.requireGroup("geo"), gapPolicy, client);
    }

    @Test
    void fillNullNeedsNullableGroupColumns() {
        assertThatThrownBy(
                        () ->
                                checkWritable(
                                        NOT_NULL_CITY, GapPolicy.FILL_NULL, new Configuration()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Gap policy fill-null needs nullable group columns, but column 'city' of"
                                + " group 'geo' of table 'db.t' is NOT NULL. Use gap policy"
                                + " fail.");
        assertThatCode(() -> checkWritable(NOT_NULL_CITY, GapPolicy.FAIL, new Configuration()))
                .doesNotThrowAnyException();
        assertThatCode(
                        () ->
                                checkWritable(
                                        NOT_NULL_CITY, GapPolicy.SKIP_EXPIRED, new Configuration()))
                .doesNotThrowAnyException();
        assertThatCode(() -> checkWritable(DEVICE_LOGS, GapPolicy.FILL_NULL, new Configuration()))
                .doesNotThrowAnyException();
    }

    @Test
    void appendsMustBeIdempotent() {
        Configuration client = new Configuration();
        client.set(ConfigOptions.CLIENT_WRITER_ENABLE_IDEMPOTENCE, false);
        assertThatThrownBy(() -> checkWritable(DEVICE_LOGS, GapPolicy.FAIL, client))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Group 'geo' of table 'db.t' cannot be written with"
                                + " 'client.writer.enable-idempotence' = 'false': an enrichment"
                                + " writer needs idempotent appends, or a retried batch can land"
                                + " after the next one and leave a hole. Remove the option.");
    }

    @Test
    void aBucketMustExist() {
        assertThatCode(() -> WriterChecks.checkBucket(DEVICE_LOGS, 4, EnrichedBucket.of(3)))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> WriterChecks.checkBucket(DEVICE_LOGS, 4, EnrichedBucket.of(4)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Bucket 4 does not exist in table 'db.t' (buckets 0..3).");
        assertThatThrownBy(() -> WriterChecks.checkBucket(DEVICE_LOGS, 4, EnrichedBucket.of(-1)))
                .hasMessage("Bucket -1 does not exist in table 'db.t' (buckets 0..3).");
    }

    @Test
    void aBucketNamesAPartitionIffTheTableIsPartitioned() {
        EnrichedTable partitioned = InMemoryTables.of(PATH, TestTables.partitionedByDay(2));
        assertThatCode(
                        () ->
                                WriterChecks.checkBucket(
                                        partitioned, 2, EnrichedBucket.of("2024-05-01", 1)))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> WriterChecks.checkBucket(partitioned, 2, EnrichedBucket.of(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Table 'db.t' is partitioned: the bucket needs a partition name.");
        assertThatThrownBy(
                        () ->
                                WriterChecks.checkBucket(
                                        DEVICE_LOGS, 4, EnrichedBucket.of("2024-05-01", 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Table 'db.t' is not partitioned, but the bucket names partition"
                                + " '2024-05-01'.");
    }
}
