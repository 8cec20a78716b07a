DROP TABLE IF EXISTS capital_costs;
