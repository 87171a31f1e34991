/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core;

import org.apache.fluss.metadata.Schema;
import org.apache.fluss.metadata.TableDescriptor;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class EnrichedTableLayoutTest {

    @Test
    void aCompanionKeepsTheBaseBucketHashButIsNotTieredRaw() {
        TableDescriptor base =
                TableDescriptor.builder()
                        .schema(
                                Schema.newBuilder()
                                        .column("id", DataTypes.INT())
                                        .column("ip", DataTypes.STRING())
                                        .build())
                        .distributedBy(4, "id")
                        .property("table.datalake.enabled", "true")
                        .property("table.datalake.format", "paimon")
                        .property("table.log.ttl", "3d")
                        .build();
        TableInfo info = TableInfo.of(TablePath.of("db", "logs"), 1L, 1, base, 0L, 0L);

        TableDescriptor companion =
                EnrichedTableLayout.companionDescriptor(
                        info, "geo", List.of(new Schema.Column("city", DataTypes.STRING(), null)));

        assertThat(companion.getProperties())
                .containsEntry("table.datalake.format", "paimon")
                .containsEntry("table.log.ttl", "3d")
                .doesNotContainKey("table.datalake.enabled");
    }
}
