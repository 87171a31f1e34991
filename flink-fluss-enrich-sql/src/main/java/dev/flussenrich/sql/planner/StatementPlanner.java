/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sql.planner;

import dev.flussenrich.sql.EnrichmentPlanningException;
import dev.flussenrich.sql.PlannedStatement;
import dev.flussenrich.sql.PlannedStatement.GroupWrite;
import dev.flussenrich.table.FlussEnrichConnectorOptions;
import dev.flussenrich.table.FlussEnrichConnectorOptionsUtil;

import org.apache.flink.annotation.Internal;
import org.apache.flink.sql.parser.dml.RichSqlInsert;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The enrichment statement planner: turns the concise enrichment INSERT into the explicit form the
 * connector runs, adds the column list to base INSERTs that leave the groups out, and leaves every
 * other statement untouched. Runs before Flink sees a statement, in every entry point.
 */
@Internal
public final class StatementPlanner {

    private static final Pattern EXPLAIN =
            Pattern.compile(
                    "(?is)^(\\s*EXPLAIN\\b[\\s\\w,]*?)((?:INSERT|EXECUTE|STATEMENT)\\b.*)$");
    private static final Pattern EXECUTE = Pattern.compile("(?is)^(\\s*EXECUTE\\s+)(INSERT\\b.*)$");
    private static final Pattern STATEMENT_SET =
            Pattern.compile(
                    "(?is)^(\\s*(?:EXECUTE\\s+)?STATEMENT\\s+SET\\s+BEGIN\\b)(.*?)\\bEND\\s*;?\\s*$");

    private final TargetLookup lookup;

    public StatementPlanner(TargetLookup lookup) {
        this.lookup = lookup;
    }

    /**
     * Plans one statement (a trailing semicolon is fine).
     *
     * @throws EnrichmentPlanningException for an enrichment INSERT that has no meaning
     */
    public PlannedStatement plan(String statement) {
        String normalized = SqlText.normalizeShorthandHints(stripSemicolon(statement));
        List<GroupWrite> groupWrites = new ArrayList<>();
        String planned = planNormalized(normalized, groupWrites);
        if (planned == null) {
            return normalized.equals(stripSemicolon(statement))
                    ? new PlannedStatement(statement, statement, false, groupWrites)
                    : new PlannedStatement(statement, normalized, true, groupWrites);
        }
        return new PlannedStatement(statement, planned, true, groupWrites);
    }

    /**
     * The rewritten statement, or null if there is nothing to rewrite; adds the groups its INSERTs
     * write to {@code groupWrites}.
     */
    private String planNormalized(String statement, List<GroupWrite> groupWrites) {
        Matcher set = STATEMENT_SET.matcher(statement);
        if (set.matches()) {
            return planStatementSet(set.group(1), set.group(2), groupWrites);
        }
        Matcher wrapped = EXPLAIN.matcher(statement);
        if (!wrapped.matches()) {
            wrapped = EXECUTE.matcher(statement);
        }
        if (wrapped.matches()) {
            String inner = planNormalized(wrapped.group(2), groupWrites);
            return inner == null ? null : wrapped.group(1) + inner;
        }
        SqlNode node;
        try {
            node = SqlParsing.parse(statement);
        } catch (SqlParseException e) {
            // Not ours to report: Flink parses it again and says what is wrong.
            return null;
        }
        return node instanceof RichSqlInsert insert
                ? planInsert(statement, insert, groupWrites)
                : null;
    }

    private String planStatementSet(String begin, String body, List<GroupWrite> groupWrites) {
        List<String> inserts = new ArrayList<>();
        List<GroupWrite> setWrites = new ArrayList<>();
        boolean changed = false;
        for (String insert : SqlText.splitStatements(body)) {
            String planned = planNormalized(insert, setWrites);
            changed |= planned != null;
            inserts.add(planned != null ? planned : insert);
        }
        OneInsertPerGroup.check(setWrites);
        groupWrites.addAll(setWrites);
        return changed ? begin + "\n" + String.join(";\n", inserts) + ";\nEND" : null;
    }

    private String planInsert(
            String statement, RichSqlInsert insert, List<GroupWrite> groupWrites) {
        Optional<EnrichmentTarget> target = lookup.find(SqlParsing.targetTable(insert).names);
        if (target.isEmpty()) {
            return null;
        }
        String group = enrichmentGroupOf(insert);
        if (group == null) {
            return RowInsertColumnList.addColumnList(statement, insert, target.get());
        }
        List<String> groups =
                FlussEnrichConnectorOptionsUtil.groupList(
                        FlussEnrichConnectorOptions.ENRICHMENT_GROUP.key(), group);
        groups.forEach(
                each -> groupWrites.add(new GroupWrite(target.get().name(), each, statement)));
        if (namesIdentityColumns(insert, target.get())) {
            return null; // the explicit form: the connector validates it
        }
        return new ConciseInsertChecks(insert, target.get(), groups, lookup).check().explicitForm();
    }

    private static String enrichmentGroupOf(RichSqlInsert insert) {
        return HintText.option(
                HintText.hintsOf(insert.getTableHints()),
                FlussEnrichConnectorOptions.ENRICHMENT_GROUP.key());
    }

    private static boolean namesIdentityColumns(RichSqlInsert insert, EnrichmentTarget target) {
        if (insert.getTargetColumnList() == null) {
            return false;
        }
        List<String> identity = target.identityColumns();
        for (SqlNode column : insert.getTargetColumnList()) {
            if (identity.contains(column.toString())) {
                return true;
            }
        }
        return false;
    }

    private static String stripSemicolon(String statement) {
        String trimmed = statement.strip();
        while (trimmed.endsWith(";")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1).stripTrailing();
        }
        return trimmed;
    }
}
