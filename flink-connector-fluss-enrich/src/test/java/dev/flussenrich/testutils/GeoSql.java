/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.flink.table.api.TableEnvironment;

/** The SQL of a device-log table with one group {@code geo = city, country}, for catalog tests. */
public final class GeoSql {

    private GeoSql() {}

    /** Creates {@code (id, ip, city, country)} with group {@code geo}; returns its name. */
    public static String createDeviceLogs(TableEnvironment tEnv, String prefix, int buckets) {
        String table = SharedFlussCluster.newTablePath(prefix).getTableName();
        tEnv.executeSql(
                "CREATE TABLE "
                        + table
                        + " (id INT, ip STRING, city STRING, country STRING) WITH ("
                        + "'bucket.num' = '"
                        + buckets
                        + "', 'bucket.key' = 'id', 'column-groups.geo' = 'city, country')");
        return table;
    }

    /** The explicit enrichment INSERT that fills group {@code geo} from {@code ip}. */
    public static String enrichGeo(String table) {
        return "INSERT INTO "
                + table
                + " /*+ OPTIONS('enrichment.group' = 'geo') */"
                + " (_bucket, _offset, city, country)"
                + " SELECT _bucket, _offset, CONCAT('city-', ip), 'XX' FROM "
                + table;
    }
}
