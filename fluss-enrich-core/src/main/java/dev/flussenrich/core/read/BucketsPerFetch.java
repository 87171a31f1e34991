/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.read;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.config.ConfigOptions;
import org.apache.fluss.config.Configuration;

/**
 * How many buckets one fetch of a table can fill: Fluss answers a fetch with at most {@code
 * client.scanner.log.fetch.max-bytes}, and each bucket with at most {@code
 * client.scanner.log.fetch.max-bytes-for-bucket} of it (at least one).
 */
@Internal
final class BucketsPerFetch {

    private BucketsPerFetch() {}

    static int of(Configuration clientConfig) {
        long total = clientConfig.get(ConfigOptions.CLIENT_SCANNER_LOG_FETCH_MAX_BYTES).getBytes();
        long perBucket =
                clientConfig
                        .get(ConfigOptions.CLIENT_SCANNER_LOG_FETCH_MAX_BYTES_FOR_BUCKET)
                        .getBytes();
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, total / Math.max(1, perBucket)));
    }
}
