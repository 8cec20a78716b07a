ALTER TABLE benchmark_uploads DROP COLUMN run;
DELETE FROM api_tokens WHERE scope = 'evidence';
ALTER TABLE api_tokens
    DROP CONSTRAINT api_tokens_evidence_binding,
    DROP COLUMN evaluation_id,
    DROP COLUMN quote_id,
    DROP CONSTRAINT api_tokens_scope_check,
    ADD CONSTRAINT api_tokens_scope_check CHECK (scope IN ('read', 'write', 'approve'));
