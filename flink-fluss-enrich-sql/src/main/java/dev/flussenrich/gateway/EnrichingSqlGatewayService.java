/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.sql.PlannedStatement;
import dev.flussenrich.sql.planner.OneInsertPerGroup;
import dev.flussenrich.sql.planner.SqlText;
import dev.flussenrich.sql.planner.StatementPlanner;
import dev.flussenrich.sql.planner.StatementRedaction;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.config.SqlGatewayServiceConfigOptions;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The gateway service with the enrichment statement planner in front of {@link #executeStatement}
 * (and, on Flink 2.x, of the scripts it deploys: {@link #planScript}): concise enrichment INSERTs
 * run in their explicit form. Every other call is forwarded unchanged ({@link
 * ForwardingSqlGatewayService}).
 */
@Internal
public final class EnrichingSqlGatewayService extends ForwardingSqlGatewayService {

    private static final Logger LOG = LoggerFactory.getLogger(EnrichingSqlGatewayService.class);

    private static final Pattern BEGIN_STATEMENT_SET =
            Pattern.compile("(?is)^\\s*BEGIN\\s+STATEMENT\\s+SET\\s*;?\\s*$");
    private static final Pattern END = Pattern.compile("(?is)^\\s*END\\s*;?\\s*$");

    private final Map<SessionHandle, OpenStatementSet> openStatementSets =
            new ConcurrentHashMap<>();

    /**
     * How long a session with an open statement set may go unseen before the delegate is asked
     * whether it still has it: the gateway's idle timeout plus its check interval, by which time
     * the gateway has closed a session that was idle. Zero or less: sessions never expire.
     */
    private final long unseenMillis;

    /** How often sessions are looked at, at most: the gateway's check interval. */
    private final long checkIntervalMillis;

    private final AtomicLong nextCheckMillis = new AtomicLong();

    /** A service whose sessions expire as Flink's defaults say. */
    public EnrichingSqlGatewayService(SqlGatewayService delegate) {
        this(delegate, new Configuration());
    }

    /**
     * @param flinkConfiguration the gateway's configuration: its session idle timeout and check
     *     interval ({@code sql-gateway.session.idle-timeout}, {@code
     *     sql-gateway.session.check-interval}) say when an expired session's state is dropped
     */
    public EnrichingSqlGatewayService(
            SqlGatewayService delegate, ReadableConfig flinkConfiguration) {
        super(delegate);
        long idleTimeout =
                flinkConfiguration
                        .get(SqlGatewayServiceConfigOptions.SQL_GATEWAY_SESSION_IDLE_TIMEOUT)
                        .toMillis();
        this.checkIntervalMillis =
                Math.max(
                        1,
                        flinkConfiguration
                                .get(
                                        SqlGatewayServiceConfigOptions
                                                .SQL_GATEWAY_SESSION_CHECK_INTERVAL)
                                .toMillis());
        this.unseenMillis = idleTimeout <= 0 ? 0 : idleTimeout + checkIntervalMillis;
    }

    @Override
    public SessionHandle openSession(SessionEnvironment environment) {
        forgetExpiredSessions();
        return super.openSession(environment);
    }

    @Override
    public OperationHandle executeStatement(
            SessionHandle session,
            String statement,
            long executionTimeoutMs,
            Configuration executionConfig) {
        forgetExpiredSessions();
        OpenStatementSet open = openStatementSets.get(session);
        if (open != null) {
            open.seen();
        }
        PlannedStatement planned;
        try {
            planned = planner(session).plan(statement);
            trackStatementSet(session, planned);
        } catch (EnrichmentPlanningException e) {
            // Like any other statement error: the operation fails and fetching its result says why.
            return delegate()
                    .submitOperation(
                            session,
                            () -> {
                                throw e;
                            });
        }
        if (planned.rewritten() && LOG.isDebugEnabled()) {
            LOG.debug(
                    "Session {} runs\n{}\nas\n{}",
                    session,
                    StatementRedaction.redact(statement),
                    StatementRedaction.redact(planned.sql()));
        }
        return super.executeStatement(session, planned.sql(), executionTimeoutMs, executionConfig);
    }

    private static boolean isBeginStatementSet(String statement) {
        return BEGIN_STATEMENT_SET.matcher(SqlText.stripLeadingComments(statement)).matches();
    }

    private static boolean isEnd(String statement) {
        return END.matcher(SqlText.stripLeadingComments(statement)).matches();
    }

    private StatementPlanner planner(SessionHandle session) {
        OpenStatementSet set = openStatementSets.get(session);
        return new StatementPlanner(
                new GatewayTargetLookup(
                        delegate(), session, set == null ? null : set.currentDatabase));
    }

    /**
     * A statement set the SQL Client is filling: it sends {@code BEGIN STATEMENT SET}, each INSERT
     * and {@code END} one by one, and the INSERTs in between become one job, so two of them must
     * not write one group. The session's current database is read at its start: inside the set the
     * session takes INSERTs only, so it cannot be asked. Dropped at {@code END}, when the session
     * is closed, and when the session has expired ({@link #forgetExpiredSessions}).
     */
    private static final class OpenStatementSet {

        final String currentDatabase;
        final OneInsertPerGroup groups = new OneInsertPerGroup();
        private volatile long lastSeenMillis = System.currentTimeMillis();

        OpenStatementSet(String currentDatabase) {
            this.currentDatabase = currentDatabase;
        }

        void seen() {
            lastSeenMillis = System.currentTimeMillis();
        }
    }

    /**
     * Drops the statement sets of sessions the gateway has closed for being idle: Flink's session
     * manager closes them without a call to {@link #closeSession}, and offers no hook. A session
     * unseen here for longer than the idle timeout plus the check interval is asked for: gone, its
     * state goes. Asking touches a session that is still there (kept alive by calls this service
     * does not watch, such as heartbeats), so it is asked again only after as long unseen: asking
     * never keeps an idle session alive for more than one more idle timeout. Runs on the calls that
     * open and close sessions and run statements, at most once per check interval.
     */
    private void forgetExpiredSessions() {
        if (unseenMillis <= 0 || openStatementSets.isEmpty()) {
            return;
        }
        long now = System.currentTimeMillis();
        long next = nextCheckMillis.get();
        if (now < next || !nextCheckMillis.compareAndSet(next, now + checkIntervalMillis)) {
            return;
        }
        for (Map.Entry<SessionHandle, OpenStatementSet> entry : openStatementSets.entrySet()) {
            OpenStatementSet set = entry.getValue();
            if (now - set.lastSeenMillis <= unseenMillis) {
                continue;
            }
            if (sessionIsGone(entry.getKey())) {
                openStatementSets.remove(entry.getKey(), set);
                LOG.debug("Session {} is gone; its open statement set is dropped.", entry.getKey());
            } else {
                set.seen();
            }
        }
    }

    /**
     * Whether the delegate no longer has the session. Flink's own service is asked for the session
     * itself, which only warns when it is gone; its other calls also log an error with a stack
     * trace then.
     */
    private boolean sessionIsGone(SessionHandle session) {
        try {
            if (delegate() instanceof SqlGatewayServiceImpl flinks) {
                flinks.getSession(session);
            } else {
                delegate().getSessionEndpointVersion(session);
            }
            return false;
        } catch (SqlGatewayException e) {
            return true;
        }
    }

    /** How many sessions have an open statement set; for tests. */
    int openStatementSetCount() {
        return openStatementSets.size();
    }

    private void trackStatementSet(SessionHandle session, PlannedStatement planned) {
        if (isBeginStatementSet(planned.original())) {
            String currentDatabase =
                    new GatewayTargetLookup(delegate(), session, null).currentDatabase();
            openStatementSets.put(session, new OpenStatementSet(currentDatabase));
        } else if (isEnd(planned.original())) {
            openStatementSets.remove(session);
        } else {
            OpenStatementSet set = openStatementSets.get(session);
            if (set != null) {
                set.groups.add(planned.groupWrites());
            }
        }
    }

    @Override
    public void closeSession(SessionHandle session) {
        openStatementSets.remove(session);
        forgetExpiredSessions();
        super.closeSession(session);
    }

    /**
     * Plans each statement of an inline script against the session's catalogs (a table that the
     * script itself creates is not known yet: its statements run as written).
     */
    @Override
    protected String planScript(SessionHandle session, String script) {
        StatementPlanner planner = planner(session);
        OneInsertPerGroup statementSet = null;
        StringBuilder planned = new StringBuilder();
        for (String statement : SqlText.splitStatements(script)) {
            PlannedStatement plannedStatement = planner.plan(statement);
            if (isBeginStatementSet(statement)) {
                statementSet = new OneInsertPerGroup();
            } else if (isEnd(statement)) {
                statementSet = null;
            } else if (statementSet != null) {
                statementSet.add(plannedStatement.groupWrites());
            }
            planned.append(plannedStatement.sql()).append(";\n");
        }
        return planned.toString();
    }
}
