-- The worksheet's assumptions as edited per evaluation: values by tco
-- assumption key (exact decimal text), and per-quote run hours for the
-- per-run view. Defaults and brief values are computed, not stored.
CREATE TABLE assumptions (
    evaluation_id bigint PRIMARY KEY REFERENCES evaluations (id) ON DELETE CASCADE,
    overrides     jsonb NOT NULL DEFAULT '{}',
    run_hours     jsonb NOT NULL DEFAULT '{}',
    version       integer NOT NULL DEFAULT 1,
    updated_by    bigint REFERENCES users (id),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
