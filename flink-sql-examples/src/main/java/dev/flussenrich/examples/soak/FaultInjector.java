/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples.soak;

import dev.flussenrich.core.EnrichedTable;
import dev.flussenrich.embedded.EmbeddedFlussCluster;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.ConnectionFactory;
import org.apache.fluss.config.Configuration;
import org.apache.fluss.metadata.PartitionInfo;
import org.apache.fluss.metadata.PartitionSpec;
import org.apache.fluss.metadata.TableBucket;
import org.apache.fluss.metadata.TablePath;

import org.apache.flink.core.execution.JobClient;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Injects one fault at a time, at random pauses around {@code faultEvery}, each kind and target
 * chosen by a {@link Random} of the soak's seed, and logs one line per fault. A fault that cannot
 * be carried out (a savepoint that fails, say) is a finding: it is logged and counted as an error.
 */
final class FaultInjector {

    private static final int SERVERS = 3;
    private static final List<Fault> INJECTED =
            List.of(
                    Fault.TASK_FAILURE,
                    Fault.SERVER_RESTART,
                    Fault.LEADER_MOVE,
                    Fault.DUPLICATE_JOB,
                    Fault.CANCEL_RESUBMIT,
                    Fault.SAVEPOINT_RESTORE,
                    Fault.PARTITION_DROP);

    private final Random random;
    private final SoakSettings settings;
    private final EmbeddedFlussCluster fluss;
    private final Configuration clientConf;
    private final EnrichedTable table;
    private final EnrichmentJobs jobs;
    private final SoakFlink flink;
    private final BaseRowAppender appender;
    private final PrintStream log;
    private final Map<Fault, Integer> counts = new EnumMap<>(Fault.class);
    private final List<String> errors = new ArrayList<>();
    private final List<String> dropped = new ArrayList<>();
    private long start;

    FaultInjector(
            SoakSettings settings,
            EmbeddedFlussCluster fluss,
            Configuration clientConf,
            EnrichedTable table,
            EnrichmentJobs jobs,
            SoakFlink flink,
            BaseRowAppender appender,
            PrintStream log) {
        this.random = new Random(settings.seed());
        this.settings = settings;
        this.fluss = fluss;
        this.clientConf = clientConf;
        this.table = table;
        this.jobs = jobs;
        this.flink = flink;
        this.appender = appender;
        this.log = log;
    }

    /** Injects faults until the soak's duration has passed. */
    void run() throws InterruptedException {
        start = System.nanoTime();
        long end = start + settings.duration().toNanos();
        while (true) {
            long pause = (long) (settings.faultEvery().toMillis() * (0.5 + random.nextDouble()));
            if (System.nanoTime() + pause * 1_000_000 > end) {
                break;
            }
            Thread.sleep(pause);
            Fault fault = INJECTED.get(random.nextInt(INJECTED.size()));
            String what;
            try {
                what = inject(fault);
                counts.merge(fault, 1, Integer::sum);
            } catch (Exception e) {
                what = "FAILED: " + e;
                errors.add(fault + " at " + seconds() + " s: " + e);
            }
            log.printf("[%6.1f s] fault %-17s %s%n", seconds(), fault, what);
        }
    }

    private double seconds() {
        return (System.nanoTime() - start) / 1e9;
    }

    private String inject(Fault fault) throws Exception {
        String group = SoakTable.GROUPS.get(random.nextInt(SoakTable.GROUPS.size()));
        switch (fault) {
            case TASK_FAILURE:
                return taskFailure(random.nextInt(3) == 0 ? SoakFunctions.READER : group);
            case SERVER_RESTART:
                return restartServer(random.nextInt(SERVERS), "server");
            case LEADER_MOVE:
                return leaderMove();
            case DUPLICATE_JOB:
                return duplicateJob(group);
            case CANCEL_RESUBMIT:
                jobs.cancelAndResubmit(group);
                return "group " + group;
            case SAVEPOINT_RESTORE:
                return savepointRestore(group);
            case PARTITION_DROP:
                return dropSidePartition();
            default:
                throw new IllegalStateException("Not an injected fault: " + fault);
        }
    }

    /** Fails a task of a group's job or of the gated read, and waits until it happened. */
    private String taskFailure(String target) throws Exception {
        long asked = System.nanoTime();
        SoakFunctions.failNextCall(target);
        long deadline = asked + Duration.ofSeconds(60).toNanos();
        while (SoakFunctions.failurePending(target)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "No task of " + target + " ran its function within 60 s");
            }
            Thread.sleep(20);
        }
        long millis = (System.nanoTime() - asked) / 1_000_000;
        return (target.equals(SoakFunctions.READER) ? "gated read" : "group " + target)
                + ", failed "
                + millis
                + " ms later";
    }

    private String restartServer(int server, String role) throws Exception {
        Duration down = Duration.ofMillis(2_000 + random.nextInt(6_000));
        fluss.stopTabletServer(server);
        Thread.sleep(down.toMillis());
        fluss.startTabletServer(server);
        return role + " " + server + " down for " + down.toMillis() + " ms";
    }

    private String leaderMove() throws Exception {
        PartitionInfo live = partition(appender.livePartition());
        int bucket = random.nextInt(SoakTable.BUCKETS);
        TableBucket base =
                new TableBucket(table.base().getTableId(), live.getPartitionId(), bucket);
        int leader = fluss.leaderOf(base);
        String what = restartServer(leader, "leader of base bucket " + bucket + ", server");
        return what + "; leader now " + fluss.leaderOf(base);
    }

    private String duplicateJob(String group) throws Exception {
        Duration alive = Duration.ofMillis(3_000 + random.nextInt(10_000));
        JobClient duplicate =
                jobs.submit(group, 1 + random.nextInt(2), null, "duplicate of " + group);
        Thread.sleep(alive.toMillis());
        flink.cancel(duplicate);
        return "group " + group + ", ran " + alive.toMillis() + " ms";
    }

    private String savepointRestore(String group) throws Exception {
        int from = jobs.parallelismOf(group);
        int to = from;
        while (to == from) {
            to = 1 + random.nextInt(3);
        }
        String savepoint = jobs.stopWithSavepointAndRestore(group, to);
        return "group " + group + " parallelism " + from + " -> " + to + " via " + savepoint;
    }

    private String dropSidePartition() throws Exception {
        String partition = appender.rotateSide();
        PartitionSpec spec = new PartitionSpec(Map.of("dt", partition));
        try (Connection connection = ConnectionFactory.createConnection(clientConf)) {
            connection.getAdmin().dropPartition(SoakTable.PATH, spec, false).get();
            for (EnrichedTable.Group group : table.groups()) {
                TablePath companion = group.companionPath();
                connection.getAdmin().dropPartition(companion, spec, true).get();
            }
        }
        dropped.add(partition);
        return "partition " + partition + " (rows went on into a new side partition)";
    }

    private PartitionInfo partition(String name) throws Exception {
        try (Connection connection = ConnectionFactory.createConnection(clientConf)) {
            for (PartitionInfo info : SoakFluss.partitions(connection, SoakTable.PATH)) {
                if (info.getPartitionName().equals(name)) {
                    return info;
                }
            }
        }
        throw new IllegalStateException("Partition " + name + " of " + SoakTable.PATH + " is gone");
    }

    Map<Fault, Integer> counts() {
        return counts;
    }

    List<String> errors() {
        return errors;
    }
}
