DELETE FROM mail_outbox WHERE kind = 'contract_notice';
ALTER TABLE mail_outbox DROP COLUMN IF EXISTS dedupe_key;
ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('invitation', 'reminder', 'brief', 'answer', 'round'));
DROP TABLE IF EXISTS contract_versions;
DROP TABLE IF EXISTS contracts;
