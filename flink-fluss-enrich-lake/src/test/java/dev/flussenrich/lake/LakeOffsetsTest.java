/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.lake;

import dev.flussenrich.core.EnrichedBucket;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Lake offsets apply only to the Fluss table and partition ids they were recorded for. */
class LakeOffsetsTest {

    private static final EnrichedBucket OLD_0 = EnrichedBucket.of("2026-11-30", 0);
    private static final EnrichedBucket NEW_0 = EnrichedBucket.of("2026-12-01", 0);

    @Test
    void propertiesCarryTheIdsAndOnlyPartitionsThatExist() {
        BaseIds ids = new BaseIds(7, Map.of("2026-12-01", 12L));
        assertThat(LakeOffsets.toProperties(Map.of(OLD_0, 5L, NEW_0, 3L), ids))
                .isEqualTo(
                        Map.of(
                                "fluss-enrich.table-id", "7",
                                "fluss-enrich.offset.2026-12-01/0", "3",
                                "fluss-enrich.partition-id.2026-12-01", "12"));
        assertThat(
                        LakeOffsets.toProperties(
                                Map.of(EnrichedBucket.of(1), 9L), new BaseIds(7, Map.of())))
                .isEqualTo(Map.of("fluss-enrich.table-id", "7", "fluss-enrich.offset.1", "9"));
    }

    @Test
    void offsetsOfAnotherPartitionOrTableIdDoNotApply() {
        Map<String, String> recorded =
                Map.of(
                        "fluss-enrich.table-id", "7",
                        "fluss-enrich.offset.2026-11-30/0", "5",
                        "fluss-enrich.partition-id.2026-11-30", "11",
                        "fluss-enrich.offset.2026-12-01/0", "3",
                        "fluss-enrich.partition-id.2026-12-01", "12");
        // 2026-11-30 was dropped and created again (id 13).
        assertThat(
                        LakeOffsets.current(
                                recorded,
                                new BaseIds(7, Map.of("2026-11-30", 13L, "2026-12-01", 12L))))
                .isEqualTo(Map.of(NEW_0, 3L));
        // 2026-11-30 is gone.
        assertThat(LakeOffsets.current(recorded, new BaseIds(7, Map.of("2026-12-01", 12L))))
                .isEqualTo(Map.of(NEW_0, 3L));
        // The table was dropped and created again.
        assertThat(
                        LakeOffsets.current(
                                recorded,
                                new BaseIds(8, Map.of("2026-11-30", 11L, "2026-12-01", 12L))))
                .isEmpty();
    }

    @Test
    void offsetsOfThePreviousReleaseApplyToThePartitionsOfTheirNamesAndMigrate() {
        Map<String, String> previousRelease =
                Map.of(
                        "fluss-enrich.offset.2026-11-30/0", "5",
                        "fluss-enrich.offset.2026-12-01/0", "3");
        BaseIds ids = new BaseIds(7, Map.of("2026-12-01", 12L));
        Map<EnrichedBucket, Long> offsets = LakeOffsets.current(previousRelease, ids);
        assertThat(offsets).isEqualTo(Map.of(NEW_0, 3L));
        assertThat(LakeOffsets.toProperties(offsets, ids))
                .containsEntry("fluss-enrich.partition-id.2026-12-01", "12")
                .containsEntry("fluss-enrich.table-id", "7");
    }
}
