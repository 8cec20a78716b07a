DROP TABLE IF EXISTS awards;
DROP TABLE IF EXISTS score_overrides;
DROP TABLE IF EXISTS evaluation_criteria;
