/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.config.MemorySize;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BucketsPerFetchTest {

    @Test
    void flussDefaultsFillSixteenBuckets() {
        assertThat(BucketsPerFetch.of(new Configuration())).isEqualTo(16); // 16 MB, 1 MB each
    }

    @Test
    void largerBucketFetchesFillFewerBuckets() {
        assertThat(BucketsPerFetch.of(fetches("16mb", "4mb"))).isEqualTo(4);
        assertThat(BucketsPerFetch.of(fetches("10mb", "4mb"))).isEqualTo(2);
    }

    @Test
    void aBucketLargerThanTheFetchStillCountsAsOne() {
        assertThat(BucketsPerFetch.of(fetches("1mb", "4mb"))).isEqualTo(1);
    }

    private static Configuration fetches(String total, String perBucket) {
        Configuration config = new Configuration();
        config.set(ConfigOptions.CLIENT_SCANNER_LOG_FETCH_MAX_BYTES, MemorySize.parse(total));
        config.set(
                ConfigOptions.CLIENT_SCANNER_LOG_FETCH_MAX_BYTES_FOR_BUCKET,
                MemorySize.parse(perBucket));
        return config;
    }
}
