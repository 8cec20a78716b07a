-- API tokens expire, carry a scope (read, write, approve) and are revoked
-- when their owner is deactivated. Tokens issued before this migration keep
-- working for the default lifetime from now, with the write scope: none of
-- them was created after a fresh login, so none may approve.
ALTER TABLE api_tokens
    ADD COLUMN expires_at timestamptz,
    ADD COLUMN scope text NOT NULL DEFAULT 'write' CHECK (scope IN ('read', 'write', 'approve'));
UPDATE api_tokens SET expires_at = now() + interval '90 days';
ALTER TABLE api_tokens ALTER COLUMN expires_at SET NOT NULL;

-- Login attempts per key ("ip:..." or "email:...") and one-minute window
-- (the limit weighs the previous window in, as a sliding window). Shared by every instance on the database, so N instances allow
-- the same number of attempts as one. Rate-limited attempts are counted
-- here instead of writing one audit row each.
CREATE TABLE login_attempts (
    key          text NOT NULL,
    window_start timestamptz NOT NULL,
    attempts     integer NOT NULL DEFAULT 0,
    audited      boolean NOT NULL DEFAULT false, -- the window's refusal is in the audit log
    PRIMARY KEY (key, window_start)
);
CREATE INDEX login_attempts_window_idx ON login_attempts (window_start);

-- Decisions are append-only, TRUNCATE included (as for the audit log).
CREATE TRIGGER decisions_no_truncate BEFORE TRUNCATE ON decisions
    FOR EACH STATEMENT EXECUTE FUNCTION decisions_append_only();
