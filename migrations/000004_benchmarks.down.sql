DROP TABLE IF EXISTS acceptance_results;
DROP TABLE IF EXISTS benchmark_uploads;
