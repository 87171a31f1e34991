/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import org.apache.flink.annotation.Internal;

import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Table hints as SQL text. Calcite's unparse drops table hints, so the planner writes them itself.
 */
@Internal
final class HintText {

    private HintText() {}

    /** The hints as one hint comment, with extra OPTIONS entries (the user's own entries win). */
    static String render(List<SqlHint> hints, Map<String, String> extraOptions) {
        List<String> rendered = new ArrayList<>();
        Map<String, String> options = new LinkedHashMap<>();
        boolean hasOptions = false;
        for (SqlHint hint : hints) {
            if (hint.getName().equalsIgnoreCase("OPTIONS")) {
                hasOptions = true;
                options.putAll(optionsOf(hint));
            } else {
                rendered.add(renderOther(hint));
            }
        }
        extraOptions.forEach(options::putIfAbsent);
        if (hasOptions || !extraOptions.isEmpty()) {
            rendered.add(0, "OPTIONS(" + String.join(", ", keyValues(options)) + ")");
        }
        return rendered.isEmpty() ? "" : "/*+ " + String.join(" ", rendered) + " */";
    }

    /** The hints of a hint list as the parser gives it. */
    static List<SqlHint> hintsOf(SqlNodeList hints) {
        List<SqlHint> list = new ArrayList<>();
        hints.forEach(hint -> list.add((SqlHint) hint));
        return list;
    }

    /** The value of an OPTIONS entry, or null when no OPTIONS hint sets it. */
    static String option(List<SqlHint> hints, String key) {
        for (SqlHint hint : hints) {
            if (hint.getName().equalsIgnoreCase("OPTIONS") && optionsOf(hint).containsKey(key)) {
                return optionsOf(hint).get(key);
            }
        }
        return null;
    }

    /** The key-value options of a hint in the order written (the map Calcite gives is not). */
    static Map<String, String> optionsOf(SqlHint hint) {
        Map<String, String> options = new LinkedHashMap<>();
        if (hint.getOptionFormat() != SqlHint.HintOptionFormat.KV_LIST) {
            return options;
        }
        List<SqlNode> flat = ((SqlNodeList) hint.getOperandList().get(1)).getList();
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            options.put(textOf(flat.get(i)), textOf(flat.get(i + 1)));
        }
        return options;
    }

    private static String renderOther(SqlHint hint) {
        List<String> arguments = new ArrayList<>();
        switch (hint.getOptionFormat()) {
            case KV_LIST -> arguments.addAll(keyValues(optionsOf(hint)));
            case ID_LIST ->
                    hint.getOptionList().forEach(o -> arguments.add(SqlParsing.quoteIdentifier(o)));
            case LITERAL_LIST ->
                    hint.getOptionList().forEach(o -> arguments.add(SqlParsing.quoteString(o)));
            default -> {}
        }
        return arguments.isEmpty()
                ? hint.getName()
                : hint.getName() + "(" + String.join(", ", arguments) + ")";
    }

    private static List<String> keyValues(Map<String, String> options) {
        List<String> pairs = new ArrayList<>();
        options.forEach(
                (k, v) -> pairs.add(SqlParsing.quoteString(k) + "=" + SqlParsing.quoteString(v)));
        return pairs;
    }

    private static String textOf(SqlNode node) {
        return node instanceof SqlLiteral literal
                ? literal.getValueAs(String.class)
                : node.toString();
    }
}
