/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sink;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;
import java.util.List;

/**
 * Where the base columns sit in the rows a base write consumes, and which other positions (group
 * columns, identity metadata) must be NULL.
 *
 * @param basePositions positions of the base columns, in base table order
 * @param mustBeNullPositions positions of group columns and identity metadata
 * @param mustBeNullNames their column names, for error messages
 */
@Internal
public record AppendRowLayout(
        int[] basePositions, int[] mustBeNullPositions, List<String> mustBeNullNames)
        implements Serializable {}
