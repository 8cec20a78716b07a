DROP TRIGGER IF EXISTS decisions_no_truncate ON decisions;
DROP TABLE IF EXISTS login_attempts;
ALTER TABLE api_tokens DROP COLUMN IF EXISTS scope, DROP COLUMN IF EXISTS expires_at;
