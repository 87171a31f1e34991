/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.table;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The partition filters a scan can push down: {@code key = 'value'} on a partition key, at most one
 * per key. A scan that takes them reads only the partitions they name, so Flink drops them from the
 * plan; every other filter stays with Flink.
 */
@Internal
public record PartitionEqualities(
        Map<String, String> keyValues, SupportsFilterPushDown.Result result) {

    /** Splits {@code filters} into the partition equalities taken and the rest. */
    public static PartitionEqualities of(
            List<ResolvedExpression> filters, List<String> partitionKeys) {
        Map<String, String> keyValues = new HashMap<>();
        List<ResolvedExpression> accepted = new ArrayList<>();
        List<ResolvedExpression> remaining = new ArrayList<>();
        for (ResolvedExpression filter : filters) {
            Optional<Map.Entry<String, String>> equality = equality(filter, partitionKeys);
            if (equality.isPresent() && !keyValues.containsKey(equality.get().getKey())) {
                keyValues.put(equality.get().getKey(), equality.get().getValue());
                accepted.add(filter);
            } else {
                remaining.add(filter);
            }
        }
        return new PartitionEqualities(
                Map.copyOf(keyValues), SupportsFilterPushDown.Result.of(accepted, remaining));
    }

    private static Optional<Map.Entry<String, String>> equality(
            ResolvedExpression filter, List<String> partitionKeys) {
        if (!(filter instanceof CallExpression call)
                || call.getFunctionDefinition() != BuiltInFunctionDefinitions.EQUALS) {
            return Optional.empty();
        }
        FieldReferenceExpression field = null;
        ValueLiteralExpression literal = null;
        for (ResolvedExpression operand : call.getResolvedChildren()) {
            if (operand instanceof FieldReferenceExpression reference) {
                field = reference;
            } else if (operand instanceof ValueLiteralExpression value) {
                literal = value;
            }
        }
        if (field == null || literal == null || !partitionKeys.contains(field.getName())) {
            return Optional.empty();
        }
        String key = field.getName();
        // String keys only: a partition's name holds its values as strings.
        return literal.getValueAs(String.class).map(value -> Map.entry(key, value));
    }
}
