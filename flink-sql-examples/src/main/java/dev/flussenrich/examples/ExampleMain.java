/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.examples;

/**
 * Runs a main body and reports its failure on stderr. The embedded ZooKeeper installs an
 * uncaught-exception handler that would otherwise exit with status 1 and log nothing visible.
 */
public final class ExampleMain {

    /** A main body. */
    public interface Body {
        void run() throws Exception;
    }

    private ExampleMain() {}

    public static void run(Body body) {
        try {
            body.run();
        } catch (Throwable t) {
            System.err.println("Failed: " + t);
            t.printStackTrace();
            System.exit(1);
        }
    }
}
