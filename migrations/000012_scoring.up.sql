-- Criteria weights per evaluation (absent: the organisation template in
-- settings, else the built-in defaults). weights is a JSON array of
-- {"key","weight"} summing to 100, checked by the application.
CREATE TABLE evaluation_criteria (
    evaluation_id bigint PRIMARY KEY REFERENCES evaluations (id) ON DELETE CASCADE,
    weights       jsonb NOT NULL,
    updated_by    bigint NOT NULL REFERENCES users (id),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- An evaluator's grade of one criterion of one quote, replacing the
-- pre-graded rule; one per evaluator, with the reason.
CREATE TABLE score_overrides (
    quote_id     bigint NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
    criterion    text NOT NULL,
    evaluator_id bigint NOT NULL REFERENCES users (id),
    grade        numeric(3, 1) NOT NULL CHECK (grade >= 0 AND grade <= 10),
    reason       text NOT NULL CHECK (length(btrim(reason)) > 0),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (quote_id, criterion, evaluator_id)
);

-- Awards recorded to approve: one quote or a split of the capacity across
-- several (shares is a JSON array of {"quote_id","share_pct"}), with the
-- combined figures frozen when recorded.
CREATE TABLE awards (
    id            bigserial PRIMARY KEY,
    evaluation_id bigint NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
    shares        jsonb NOT NULL,
    reason        text NOT NULL CHECK (length(btrim(reason)) > 0),
    currency      text NOT NULL,
    contract_value numeric(20, 2) NOT NULL,
    cost_per_unit numeric(20, 2) NOT NULL,
    status        text NOT NULL DEFAULT 'awaiting_approval' CHECK (status IN ('awaiting_approval', 'approved', 'withdrawn')),
    recorded_by   bigint NOT NULL REFERENCES users (id),
    recorded_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX awards_evaluation_idx ON awards (evaluation_id, id);

-- How many approvers an award needs, fixed from the approval rules when it
-- is recorded; and each approval, one per approver (so one person or a
-- replayed request cannot complete a two-step approval).
ALTER TABLE awards ADD COLUMN required_approvers integer NOT NULL DEFAULT 1 CHECK (required_approvers BETWEEN 1 AND 3);
CREATE TABLE award_approvals (
    award_id    bigint NOT NULL REFERENCES awards (id) ON DELETE CASCADE,
    approver_id bigint NOT NULL REFERENCES users (id),
    reason      text NOT NULL CHECK (length(btrim(reason)) > 0),
    approved_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (award_id, approver_id)
);

-- The finance role approves large awards alongside managers.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('procurement', 'engineer', 'manager', 'admin', 'finance'));
