DROP TABLE IF EXISTS assumptions;
