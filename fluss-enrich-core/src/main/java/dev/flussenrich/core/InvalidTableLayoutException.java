/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;

/**
 * A logical table definition or change that fluss-enrich cannot store (bad group name, unknown
 * column, key column in a group, ...). Nothing has been created or changed when it is thrown.
 */
@PublicEvolving
public class InvalidTableLayoutException extends RuntimeException {

    public InvalidTableLayoutException(String message) {
        super(message);
    }
}
