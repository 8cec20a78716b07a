DROP TABLE IF EXISTS contract_versions;
DROP TABLE IF EXISTS contracts;
