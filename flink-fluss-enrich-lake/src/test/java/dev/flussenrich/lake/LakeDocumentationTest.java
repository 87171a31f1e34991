/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.lake.tiering.TieringMetrics;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/lake.md lists exactly the tiering metrics and every builder method. */
class LakeDocumentationTest {

    private static final Path DOC = Path.of("..", "docs", "lake.md");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\| `(\\w+)[`(]");

    @Test
    void theMetricsTableListsExactlyTheRegisteredMetrics() throws Exception {
        List<String> declared = new ArrayList<>();
        for (Field field : TieringMetrics.class.getDeclaredFields()) {
            if (Modifier.isPublic(field.getModifiers()) && field.getType() == String.class) {
                declared.add((String) field.get(null));
            }
        }
        assertThat(firstColumn(section("## Metrics")))
                .containsExactlyInAnyOrderElementsOf(declared);
    }

    @Test
    void theBuilderTableListsEveryTieringSetter() throws Exception {
        List<String> setters = new ArrayList<>();
        for (Class<?> type : List.of(LakeTieringBuilder.class, LakeJobBuilder.class)) {
            for (var method : type.getDeclaredMethods()) {
                if (Modifier.isPublic(method.getModifiers())
                        && method.getName().startsWith("set")) {
                    setters.add(method.getName());
                }
            }
        }
        assertThat(firstColumn(section("## From Java")))
                .containsExactlyInAnyOrderElementsOf(setters);
    }

    private static String section(String heading) throws Exception {
        return Files.readString(DOC).split(heading + "\n", 2)[1].split("\n## ", 2)[0];
    }

    private static List<String> firstColumn(String section) {
        List<String> names = new ArrayList<>();
        for (String line : section.lines().toList()) {
            Matcher row = TABLE_ROW.matcher(line);
            if (row.find()) {
                names.add(row.group(1));
            }
        }
        return names;
    }
}
