/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import dev.flussenrich.core.internal.FlussCalls;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.PartitionInfo;
import org.apache.fluss.metadata.TablePath;

import java.util.List;

/**
 * The soak's own read-only Fluss calls, sent again while they fail with a retriable error as
 * fluss-enrich's are: an embedded tablet server restarts on a new port, and a client's metadata
 * still names the old one ("Disconnected from node ..."); a long-lived connection kept failing so
 * for over 60 s, so the soak's faults and checks each open a connection of their own.
 */
final class SoakFluss {

    private SoakFluss() {}

    static List<PartitionInfo> partitions(Connection connection, TablePath table) {
        return FlussCalls.awaitRetrying(() -> connection.getAdmin().listPartitionInfos(table));
    }
}
