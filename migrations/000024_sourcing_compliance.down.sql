DROP TABLE IF EXISTS rfq_attestations;
ALTER TABLE rfqs DROP COLUMN IF EXISTS compliance;
