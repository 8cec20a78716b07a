DROP TABLE IF EXISTS contract_outages;
