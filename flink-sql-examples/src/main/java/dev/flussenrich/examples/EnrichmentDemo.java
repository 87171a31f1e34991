/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples;

import dev.flussenrich.embedded.EmbeddedFlussCluster;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.functions.ScalarFunction;

/**
 * The README's first command: the enrichment pipeline in Flink SQL (explicit form) on a local
 * Flink, against an embedded Fluss cluster.
 */
public final class EnrichmentDemo {

    private EnrichmentDemo() {}

    /** A stand-in for a geo-IP lookup: deterministic in the IP. */
    public static class GeoCity extends ScalarFunction {
        private static final String[] CITIES = {"Lisbon", "Osaka", "Quito", "Tallinn"};

        public String eval(String ip) {
            return CITIES[lastOctet(ip) % CITIES.length];
        }
    }

    /** Country of {@link GeoCity}'s city. */
    public static class GeoCountry extends ScalarFunction {
        private static final String[] COUNTRIES = {"PT", "JP", "EC", "EE"};

        public String eval(String ip) {
            return COUNTRIES[lastOctet(ip) % COUNTRIES.length];
        }
    }

    static int lastOctet(String ip) {
        return Integer.parseInt(ip.substring(ip.lastIndexOf('.') + 1));
    }

    public static void main(String[] args) {
        ExampleMain.run(() -> runDemo());
    }

    private static void runDemo() throws Exception {
        try (EmbeddedFlussCluster fluss = EmbeddedFlussCluster.start(1)) {
            TableEnvironment sql = TableEnvironment.create(EnvironmentSettings.inBatchMode());
            sql.getConfig().set("parallelism.default", "2");
            sql.createTemporarySystemFunction("geo_city", GeoCity.class);
            sql.createTemporarySystemFunction("geo_country", GeoCountry.class);

            run(
                    sql,
                    "CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '"
                            + fluss.bootstrapServers()
                            + "')");
            run(sql, "USE CATALOG enrich");
            run(sql, "CREATE DATABASE demo");
            run(sql, "USE demo");
            run(
                    sql,
                    "CREATE TABLE device_logs (device_id INT, ip STRING, city STRING, country"
                            + " STRING) WITH ('bucket.num' = '2', 'bucket.key' = 'device_id',"
                            + " 'column-groups.geo' = 'city, country')");
            run(sql, "SHOW TABLES");
            await(
                    sql,
                    "INSERT INTO device_logs (device_id, ip) VALUES (0, '192.0.2.10'), (1,"
                            + " '192.0.2.11'), (2, '192.0.2.12'), (3, '192.0.2.13'), (4,"
                            + " '192.0.2.14'), (5, '192.0.2.15'), (6, '192.0.2.16'), (7,"
                            + " '192.0.2.17')");
            run(
                    sql,
                    "SELECT COUNT(*) AS base_rows, COUNT(city) AS enriched FROM (SELECT device_id, CAST(NULL AS STRING) AS city FROM device_logs)");
            run(
                    sql,
                    "SELECT COUNT(*) AS rows_readable_with_city FROM (SELECT city FROM device_logs)");
            await(
                    sql,
                    "INSERT INTO device_logs /*+ OPTIONS('enrichment.group' = 'geo') */"
                            + " (_bucket, _offset, city, country)"
                            + " SELECT _bucket, _offset, geo_city(ip), geo_country(ip)"
                            + " FROM device_logs");
            run(sql, "SELECT COUNT(city) AS enriched_rows FROM device_logs");
            run(sql, "SELECT device_id, ip, city, country, _bucket, _offset FROM device_logs");
        }
    }

    private static void run(TableEnvironment sql, String statement) {
        System.out.println("Flink SQL> " + statement);
        sql.executeSql(statement).print();
    }

    private static void await(TableEnvironment sql, String statement) throws Exception {
        System.out.println("Flink SQL> " + statement);
        sql.executeSql(statement).await();
        System.out.println("[done]");
    }
}
