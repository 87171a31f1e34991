/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.annotation.PublicEvolving;

import java.io.Serializable;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A named set of columns that one enrichment job fills, stored once in its own companion table.
 *
 * @param name the group name, {@code [A-Za-z_][A-Za-z0-9_]*}, at most 64 characters
 * @param columns the group's column names, in declaration order
 */
@PublicEvolving
public record ColumnGroup(String name, List<String> columns) implements Serializable {

    public static final int MAX_NAME_LENGTH = 64;
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public ColumnGroup {
        columns = List.copyOf(columns);
    }

    /** Whether the name follows the group naming rule. */
    public static boolean isValidName(String name) {
        return name.length() <= MAX_NAME_LENGTH && NAME.matcher(name).matches();
    }

    public boolean contains(String column) {
        return columns.contains(column);
    }
}
