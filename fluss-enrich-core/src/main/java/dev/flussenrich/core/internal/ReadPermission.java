/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.exception.AuthorizationException;
import org.apache.fluss.metadata.TablePath;

/** The error of a read that Fluss refused for want of READ, naming the table and what to do. */
@Internal
public final class ReadPermission {

    private ReadPermission() {}

    public static AuthorizationException denied(TablePath table, AuthorizationException refused) {
        return new AuthorizationException(
                String.format(
                        "Reading table '%s' needs READ on it (%s). Readers of a group's columns"
                                + " and the group's enrichment job need READ on its companion"
                                + " table, every reader READ on the base table: grant it, or"
                                + " read only columns this Fluss user may read.",
                        table, refused.getMessage()));
    }
}
