DROP INDEX IF EXISTS contract_outages_upload;
DROP INDEX IF EXISTS evaluations_rebid_of;
ALTER TABLE evaluations DROP COLUMN IF EXISTS rebid_of;
