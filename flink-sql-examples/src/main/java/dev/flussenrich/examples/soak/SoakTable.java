/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import org.apache.fluss.metadata.TablePath;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The soak's table: base columns {@code id} and {@code dt} (the partition, hourly
 * auto-partitioning), group {@code geo} ({@code city}) and group {@code risk} ({@code score},
 * {@code label}). Each enrichment value is a function of the id, so a wrong or missing value shows.
 */
final class SoakTable {

    static final String DATABASE = "soak";
    static final String NAME = "events";
    static final TablePath PATH = TablePath.of(DATABASE, NAME);
    static final List<String> GROUPS = List.of("geo", "risk");
    static final int BUCKETS = 2;

    /** Partitions of the current hour and the two before stay; older ones expire. */
    static final int RETAINED_HOURS = 3;

    private static final DateTimeFormatter HOUR =
            DateTimeFormatter.ofPattern("yyyyMMddHH").withZone(ZoneOffset.UTC);

    private SoakTable() {}

    static String createTable() {
        return "CREATE TABLE "
                + NAME
                + " (id BIGINT, dt STRING, city STRING, score INT, label STRING)"
                + " PARTITIONED BY (dt) WITH ("
                + "'bucket.num' = '"
                + BUCKETS
                + "', 'bucket.key' = 'id', 'table.replication.factor' = '3',"
                + " 'table.auto-partition.enabled' = 'true',"
                + " 'table.auto-partition.time-unit' = 'hour',"
                + " 'table.auto-partition.time-zone' = 'UTC',"
                + " 'table.auto-partition.num-precreate' = '2',"
                + " 'table.auto-partition.num-retention' = '"
                + RETAINED_HOURS
                + "', 'column-groups.geo' = 'city', 'column-groups.risk' = 'score, label')";
    }

    /** The concise INSERT of a group: values computed from the id alone. */
    static String conciseInsert(String group) {
        String values =
                group.equals("geo")
                        ? "soak_city(id) AS city"
                        : "soak_score(id) AS score, soak_label(id) AS label";
        return "INSERT INTO "
                + NAME
                + " /*+ OPTIONS('enrichment.group' = '"
                + group
                + "') */ SELECT "
                + values
                + " FROM "
                + NAME;
    }

    /** The partition value of an hour, e.g. 2026120107. */
    static String partitionOf(Instant hour) {
        return HOUR.format(hour);
    }

    static String city(long id) {
        return "city-" + id;
    }

    static int score(long id) {
        return (int) (id * 7919 % 100_000);
    }

    static String label(long id) {
        return "L" + id % 97;
    }
}
