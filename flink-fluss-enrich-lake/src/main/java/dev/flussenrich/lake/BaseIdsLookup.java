/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.FlussConnectionConfig;

import org.apache.fluss.client.Connection;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;

/** Looks up a base's {@link BaseIds} from a Flink task, over one connection kept open. */
@Internal
public final class BaseIdsLookup implements Serializable, AutoCloseable {

    private static final long serialVersionUID = 1L;

    private final FlussConnectionConfig connectionConfig;
    private final TablePath base;
    private final boolean partitioned;
    private transient Connection connection;

    public BaseIdsLookup(
            FlussConnectionConfig connectionConfig, TablePath base, boolean partitioned) {
        this.connectionConfig = connectionConfig;
        this.base = base;
        this.partitioned = partitioned;
    }

    /** The base's ids now (connects on first use). */
    public BaseIds current() {
        if (connection == null) {
            connection = connectionConfig.connect();
        }
        return BaseIds.load(connection.getAdmin(), base, partitioned);
    }

    @Override
    public void close() throws Exception {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }
}
