-- The README's demo: the concise enrichment INSERT, run by RunSqlScript on an embedded Fluss
-- cluster and a local Flink. ${bootstrap.servers} is filled in by the runner.
SET 'execution.runtime-mode' = 'batch';
SET 'table.dml-sync' = 'true';
SET 'parallelism.default' = '2';

CREATE TEMPORARY SYSTEM FUNCTION geo_city AS 'dev.flussenrich.examples.GeoFunctions$GeoCity';
CREATE TEMPORARY SYSTEM FUNCTION geo_country AS 'dev.flussenrich.examples.GeoFunctions$GeoCountry';

CREATE CATALOG enrich WITH ('type' = 'fluss-enrich', 'bootstrap.servers' = '${bootstrap.servers}');
USE CATALOG enrich;
CREATE DATABASE IF NOT EXISTS demo;
USE demo;

CREATE TABLE device_logs (
  device_id INT, ip STRING,
  city STRING, country STRING          -- the 'geo' group, filled later
) WITH ('bucket.num' = '2', 'bucket.key' = 'device_id', 'column-groups.geo' = 'city, country');

-- Base rows (the planner adds the column list device_id, ip).
INSERT INTO device_logs VALUES
  (0, '192.0.2.10'), (1, '192.0.2.11'), (2, '192.0.2.12'), (3, '192.0.2.13'),
  (4, '192.0.2.14'), (5, '192.0.2.15'), (6, '192.0.2.16'), (7, '192.0.2.17');

-- No row has its 'geo' values yet: a reader of city sees no row, never a partial one. (COUNT(city),
-- not COUNT(*) over SELECT city: Flink 1.20's planner prunes a column that COUNT(*) does not need,
-- and a scan without 'geo' columns reads every base row.)
SELECT COUNT(city) AS rows_readable_with_city FROM device_logs;

-- The concise enrichment INSERT: no _bucket, no _offset. Rows outside WHERE get NULL.
INSERT INTO device_logs /*+ OPTIONS('enrichment.group' = 'geo') */
SELECT geo_city(ip) AS city, geo_country(ip) AS country
FROM device_logs
WHERE device_id <> 7;

-- Running it again enriches nothing twice: it starts at the group's watermark.
INSERT INTO device_logs /*+ enrichment.group = 'geo' */
SELECT geo_city(ip) AS city, geo_country(ip) AS country FROM device_logs;

SELECT device_id, ip, city, country, _bucket, _offset FROM device_logs ORDER BY device_id;
