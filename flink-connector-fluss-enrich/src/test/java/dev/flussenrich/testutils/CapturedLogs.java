/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.testutils;

import org.apache.flink.util.ExceptionUtils;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Every log line of this JVM at INFO and above (DEBUG where the test configuration says so), with
 * its stack trace, from {@link #start()} until {@link #close()}.
 */
public final class CapturedLogs implements AutoCloseable {

    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final LoggerContext context = (LoggerContext) LogManager.getContext(false);
    private final LoggerConfig root = context.getConfiguration().getRootLogger();
    private final Level rootLevel = root.getLevel();
    private final AbstractAppender appender =
            new AbstractAppender("captured-logs", null, null, true, Property.EMPTY_ARRAY) {
                @Override
                public void append(LogEvent event) {
                    String line = event.getMessage().getFormattedMessage();
                    if (event.getThrown() != null) {
                        line += "\n" + ExceptionUtils.stringifyException(event.getThrown());
                    }
                    lines.add(line);
                }
            };

    private CapturedLogs() {}

    public static CapturedLogs start() {
        CapturedLogs logs = new CapturedLogs();
        logs.appender.start();
        logs.root.addAppender(logs.appender, Level.ALL, null);
        logs.root.setLevel(Level.INFO);
        logs.context.updateLoggers();
        return logs;
    }

    public List<String> lines() {
        return List.copyOf(lines);
    }

    @Override
    public void close() {
        root.removeAppender(appender.getName());
        root.setLevel(rootLevel);
        context.updateLoggers();
        appender.stop();
    }
}
