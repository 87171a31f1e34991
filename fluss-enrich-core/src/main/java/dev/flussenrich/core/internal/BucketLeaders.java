/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.core.internal;

import org.apache.fluss.annotation.Internal;
import org.apache.fluss.client.admin.Admin;
import org.apache.fluss.client.admin.FlussAdmin;
import org.apache.fluss.client.admin.ListOffsetsResult;
import org.apache.fluss.client.admin.OffsetSpec;
import org.apache.fluss.metadata.TableInfo;
import org.apache.fluss.metadata.TablePath;
import org.apache.fluss.rpc.gateway.AdminReadOnlyGateway;
import org.apache.fluss.rpc.messages.MetadataRequest;
import org.apache.fluss.rpc.messages.MetadataResponse;
import org.apache.fluss.rpc.messages.PbBucketMetadata;
import org.apache.fluss.rpc.messages.PbPartitionMetadata;
import org.apache.fluss.rpc.messages.PbTableMetadata;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.flussenrich.core.internal.FlussCalls.await;
import static dev.flussenrich.core.internal.FlussCalls.pause;

/**
 * Waits, right after a table or partition is created, until the coordinator reports a leader for
 * each of its buckets and the leaders serve it.
 *
 * <p>Why (Fluss 0.9.1): the coordinator can miss a table creation and never elect leaders (see
 * {@link TableCreation}, which creates such a table again); and a tablet server asked for metadata
 * during the election caches the leaderless answer it reads from ZooKeeper without a version check,
 * so a coordinator update landing meanwhile is lost and writes to the bucket retry forever. The
 * coordinator answers from its own state and caches nothing, so it is the one asked.
 */
@Internal
public final class BucketLeaders {

    private static final Logger LOG = LoggerFactory.getLogger(BucketLeaders.class);

    private static final Duration WAIT = Duration.ofMinutes(1);
    private static final long POLL_MILLIS = 20;
    private static final Duration ANSWER_WAIT = Duration.ofSeconds(5);

    private final Admin admin;
    private final ManyPartitionOffsets requests;

    public BucketLeaders(Admin admin) {
        this(admin, ManyPartitionOffsets.throughAdmin(admin));
    }

    /**
     * @param requests asks the leaders of many new partitions (after one metadata update, given a
     *     connection)
     */
    public BucketLeaders(Admin admin, ManyPartitionOffsets requests) {
        this.admin = admin;
        this.requests = requests;
    }

    /**
     * True once the coordinator reports a leader for every bucket of the table (or of one of its
     * partitions) and those leaders answer an offset request; false if {@code wait} passes first.
     * The second step catches a partition of a table the coordinator never learnt of: it gets
     * leaders on record, but no tablet server takes them up.
     */
    public boolean awaitServed(TableInfo table, String partitionName, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        if (!awaitLeaders(table, Collections.singletonList(partitionName), wait)) {
            return false;
        }
        return awaitAnswers(table, partitionName, deadline);
    }

    /** True once the leaders of a table's (or partition's) buckets answer an offset request. */
    private boolean awaitAnswers(TableInfo table, String partitionName, long deadline) {
        List<Integer> buckets = IntStream.range(0, table.getNumBuckets()).boxed().toList();
        OffsetSpec latest = new OffsetSpec.LatestSpec();
        while (true) {
            try {
                await(
                        partitionName == null
                                ? admin.listOffsets(table.getTablePath(), buckets, latest).all()
                                : admin.listOffsets(
                                                table.getTablePath(),
                                                partitionName,
                                                buckets,
                                                latest)
                                        .all());
                return true;
            } catch (RuntimeException e) {
                if (System.nanoTime() > deadline) {
                    LOG.debug("{} is not served: {}", table.getTablePath(), e.toString());
                    return false;
                }
                pause(POLL_MILLIS, "bucket leaders");
            }
        }
    }

    private static IllegalStateException notServed(TableInfo table, String partitionNames) {
        return new IllegalStateException(
                String.format(
                        "Partition '%s' of table '%s' was created, but Fluss does not serve it"
                                + " after %d s. Check that the Fluss tablet servers are"
                                + " running. If they are, the Fluss coordinator missed the"
                                + " table's creation: create the table again, or restart the"
                                + " coordinator.",
                        partitionNames, table.getTablePath(), WAIT.toSeconds()));
    }

    /**
     * Waits until new partitions are served (see {@link #awaitServed}); fails after {@link #WAIT}.
     * The coordinator is asked for the leaders of all in one request, and their leaders' offsets
     * all before the first answer is awaited.
     */
    public void awaitPartitions(TableInfo table, Collection<String> partitionNames) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        if (!awaitLeaders(table, List.copyOf(partitionNames), WAIT)) {
            throw notServed(table, String.join("', '", partitionNames));
        }
        List<Integer> buckets = IntStream.range(0, table.getNumBuckets()).boxed().toList();
        Map<String, List<Integer>> request = new LinkedHashMap<>();
        partitionNames.forEach(name -> request.put(name, buckets));
        requests.sendAll(table.getTablePath(), request, new OffsetSpec.LatestSpec())
                .forEach(
                        (partitionName, result) -> {
                            if (!answered(result)
                                    && !awaitAnswers(table, partitionName, deadline)) {
                                throw notServed(table, partitionName);
                            }
                        });
    }

    /** Whether all buckets answered; a request not answered in time is asked again on its own. */
    private static boolean answered(ListOffsetsResult result) {
        if (result == null) {
            return false;
        }
        try {
            await(result.all(), ANSWER_WAIT, "a list-offsets request to new bucket leaders");
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private boolean awaitLeaders(TableInfo table, List<String> partitionNames, Duration wait) {
        // Any other Admin is not a client of a real cluster: there is nothing to wait for.
        if (!(admin instanceof FlussAdmin flussAdmin)) {
            return true;
        }
        AdminReadOnlyGateway coordinator = flussAdmin.getAdminGateway();
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            List<PbBucketMetadata> buckets =
                    bucketsOf(await(coordinator.metadata(request(table, partitionNames))));
            if (buckets.size() == table.getNumBuckets() * partitionNames.size()
                    && buckets.stream().allMatch(PbBucketMetadata::hasLeaderId)) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            pause(POLL_MILLIS, "bucket leaders");
        }
    }

    /** A metadata request for a table ({@code [null]}) or for some of its partitions. */
    private static MetadataRequest request(TableInfo table, List<String> partitionNames) {
        TablePath path = table.getTablePath();
        MetadataRequest request = new MetadataRequest();
        for (String partitionName : partitionNames) {
            if (partitionName == null) {
                request.addTablePath()
                        .setDatabaseName(path.getDatabaseName())
                        .setTableName(path.getTableName());
            } else {
                request.addPartitionsPath()
                        .setDatabaseName(path.getDatabaseName())
                        .setTableName(path.getTableName())
                        .setPartitionName(partitionName);
            }
        }
        return request;
    }

    private static List<PbBucketMetadata> bucketsOf(MetadataResponse response) {
        return Stream.concat(
                        response.getTableMetadatasList().stream()
                                .map(PbTableMetadata::getBucketMetadatasList),
                        response.getPartitionMetadatasList().stream()
                                .map(PbPartitionMetadata::getBucketMetadatasList))
                .flatMap(List::stream)
                .toList();
    }
}
