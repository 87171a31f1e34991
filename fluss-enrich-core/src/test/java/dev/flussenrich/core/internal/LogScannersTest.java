/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.client.table.scanner.log.LogScanner;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LogScannersTest {

    private final List<String> calls = new ArrayList<>();

    private final LogScanner scanner =
            (LogScanner)
                    Proxy.newProxyInstance(
                            LogScanner.class.getClassLoader(),
                            new Class<?>[] {LogScanner.class},
                            (proxy, method, args) -> {
                                calls.add(method.getName() + Arrays.toString(args));
                                return null;
                            });

    @Test
    void aBucketOfATableThatIsNotPartitioned() {
        LogScanners.subscribe(scanner, null, 3, 17);
        LogScanners.unsubscribe(scanner, null, 3);
        assertThat(calls).containsExactly("subscribe[3, 17]", "unsubscribe[3]");
    }

    @Test
    void aBucketOfAPartition() {
        LogScanners.subscribe(scanner, 42L, 3, 17);
        LogScanners.unsubscribe(scanner, 42L, 3);
        assertThat(calls).containsExactly("subscribe[42, 3, 17]", "unsubscribe[42, 3]");
    }
}
