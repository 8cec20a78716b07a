DROP TABLE IF EXISTS contract_bill_lines;
DROP TABLE IF EXISTS contract_bills;
