/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import dev.flussenrich.core.EnrichedTableLayout;

import org.apache.fluss.client.Connection;
import org.apache.fluss.client.lookup.Lookup;
import org.apache.fluss.client.lookup.Lookuper;
import org.apache.fluss.client.table.Table;
import org.apache.fluss.metadata.TablePath;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A connection that notes, in order, each lookup of a table's watermark checkpoints as it is sent
 * ("lookup") and as its answer is waited for ("await"): Fluss's lookup client sends a batch only
 * when its batch timeout ends, so lookups awaited one by one cost that timeout each.
 */
public final class ProgressLookups {

    private ProgressLookups() {}

    /** {@code connection}, noting in {@code calls} the checkpoint lookups of {@code base}. */
    public static Connection observed(Connection connection, TablePath base, List<String> calls) {
        TablePath progress = EnrichedTableLayout.progressPath(base);
        return InterceptedConnection.of(
                connection,
                (method, args, real) ->
                        method.getName().equals("getTable") && progress.equals(args[0])
                                ? observeLookups((Table) real.call(), calls)
                                : real.call(),
                InterceptedConnection.NONE);
    }

    private static Table observeLookups(Table table, List<String> calls) {
        InterceptedConnection.Interceptor onLookuper =
                (method, args, real) -> {
                    if (!method.getName().equals("lookup")) {
                        return real.call();
                    }
                    calls.add("lookup");
                    return awaitNoted((CompletableFuture<?>) real.call(), calls);
                };
        InterceptedConnection.Interceptor onLookup =
                (method, args, real) ->
                        method.getName().equals("createLookuper")
                                ? InterceptedConnection.intercepted(
                                        Lookuper.class, (Lookuper) real.call(), onLookuper)
                                : real.call();
        return InterceptedConnection.intercepted(
                Table.class,
                table,
                (method, args, real) ->
                        method.getName().equals("newLookup")
                                ? InterceptedConnection.intercepted(
                                        Lookup.class, (Lookup) real.call(), onLookup)
                                : real.call());
    }

    /** A future of the same answer that notes in {@code calls} when it is waited for. */
    private static <T> CompletableFuture<T> awaitNoted(
            CompletableFuture<T> answer, List<String> calls) {
        CompletableFuture<T> noted =
                new CompletableFuture<>() {
                    @Override
                    public T get() throws InterruptedException, ExecutionException {
                        calls.add("await");
                        return super.get();
                    }

                    @Override
                    public T get(long timeout, TimeUnit unit)
                            throws InterruptedException, ExecutionException, TimeoutException {
                        calls.add("await");
                        return super.get(timeout, unit);
                    }
                };
        answer.whenComplete(
                (value, failure) -> {
                    if (failure != null) {
                        noted.completeExceptionally(failure);
                    } else {
                        noted.complete(value);
                    }
                });
        return noted;
    }
}
