/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.benchmark;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The benchmark's column groups of the default (wide) workload, and the vector's embedding. */
class BenchmarkSchemaTest {

    @Test
    void oneGroupHoldsTheFirstThreeColumnsAndNGroupsOneColumnEach() {
        BenchmarkSchema.Group one = BenchmarkSchema.groups(1).get(0);
        assertThat(one.name()).isEqualTo("enr");
        assertThat(one.columns()).containsExactly("e_label", "e_score", "e_rank");
        assertThat(one.ddl()).isEqualTo("e_label STRING, e_score DOUBLE, e_rank INT");
        assertThat(one.expressions()).isEqualTo("UPPER(c2), c5 * 2.0, c3 + 1");

        List<BenchmarkSchema.Group> five = BenchmarkSchema.groups(5);
        assertThat(five)
                .extracting(BenchmarkSchema.Group::name)
                .containsExactly("enr1", "enr2", "enr3", "enr4", "enr5");
        assertThat(five.get(3).ddl()).isEqualTo("e_length INT");
        assertThat(five.get(4).expressions()).isEqualTo("c4 + c9");
    }

    @Test
    void moreGroupsThanColumnsIsRefused() {
        assertThatThrownBy(() -> BenchmarkSchema.groups(6))
                .hasMessage("benchmark.groups must be 1 to 5 for the wide workload, got 6");
    }

    @Test
    void anEmbeddingHas768FloatsThatDependOnTheIdOnly() {
        Float[] first = new Embedding().eval(42L);
        assertThat(first).hasSize(768).allMatch(v -> v >= -0.5f && v < 0.5f);
        assertThat(new Embedding().eval(42L)).containsExactly(first);
        assertThat(new Embedding().eval(43L)).isNotEqualTo(first);
    }
}
