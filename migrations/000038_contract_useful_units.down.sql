DROP TABLE contract_useful_units;
