-- Evidence from a trial cluster (issue 30). An evidence token is bound to
-- one quote or one evaluation: it may fetch that quote's test plan and
-- upload to it, nothing else. Exactly one binding, and only on evidence
-- tokens.
ALTER TABLE api_tokens DROP CONSTRAINT IF EXISTS api_tokens_scope_check;
ALTER TABLE api_tokens
    ADD CONSTRAINT api_tokens_scope_check CHECK (scope IN ('read', 'write', 'approve', 'evidence')),
    ADD COLUMN quote_id bigint REFERENCES quotes (id) ON DELETE CASCADE,
    ADD COLUMN evaluation_id bigint REFERENCES evaluations (id) ON DELETE CASCADE,
    ADD CONSTRAINT api_tokens_evidence_binding CHECK (
        (scope = 'evidence') = (quote_id IS NOT NULL OR evaluation_id IS NOT NULL)
        AND NOT (quote_id IS NOT NULL AND evaluation_id IS NOT NULL));

-- What `gpuquote collect` says about the run an upload came from: the plan
-- step, the hosts (so a run's node count is known), the command line, when
-- it started and ended, its exit status and the tool's version. NULL for
-- uploads by hand.
ALTER TABLE benchmark_uploads ADD COLUMN run jsonb CHECK (run IS NULL OR (jsonb_typeof(run) = 'object' AND octet_length(run::text) <= 65536));
