/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples;

import org.apache.flink.table.functions.ScalarFunction;

/** Stand-ins for a geo-IP lookup used by the demo script: deterministic in the IP. */
public final class GeoFunctions {

    private GeoFunctions() {}

    /** {@code geo_city(ip)}. */
    public static class GeoCity extends ScalarFunction {
        private static final String[] CITIES = {"Lisbon", "Osaka", "Quito", "Tallinn"};

        public String eval(String ip) {
            return CITIES[lastOctet(ip) % CITIES.length];
        }
    }

    /** {@code geo_country(ip)}: the country of {@link GeoCity}'s city. */
    public static class GeoCountry extends ScalarFunction {
        private static final String[] COUNTRIES = {"PT", "JP", "EC", "EE"};

        public String eval(String ip) {
            return COUNTRIES[lastOctet(ip) % COUNTRIES.length];
        }
    }

    static int lastOctet(String ip) {
        return Integer.parseInt(ip.substring(ip.lastIndexOf('.') + 1));
    }
}
