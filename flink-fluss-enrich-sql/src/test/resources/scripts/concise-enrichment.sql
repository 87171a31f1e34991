-- Used by ConciseSqlITCase: the concise form, run by the script runner.
SET 'execution.runtime-mode' = 'batch';
SET 'table.dml-sync' = 'true';
SET 'parallelism.default' = '2';

CREATE CATALOG enrich WITH (
  'type' = 'fluss-enrich',
  'bootstrap.servers' = '${bootstrap.servers}',
  'default-database' = '${database}'
);
USE CATALOG enrich;

CREATE TABLE ${table} (
  id INT, ip STRING, city STRING, country STRING
) WITH ('bucket.num' = '2', 'bucket.key' = 'id', 'column-groups.geo' = 'city, country');

-- a base write: the column list (id, ip) is added by the planner
INSERT INTO ${table} VALUES (1, '10.0.0.1'), (2, '10.0.0.2'), (3, '192.0.2.3');

-- the concise enrichment; ';' inside a string must not end the statement
INSERT INTO ${table} /*+ enrichment.group = 'geo' */
SELECT CONCAT('city;', ip) AS city, CASE WHEN ip LIKE '10.%' THEN 'private' ELSE 'public' END AS country
FROM ${table};

SELECT id, city, country FROM ${table} ORDER BY id;
