-- Quotes under consideration for approval, and their state. At most one
-- quote per evaluation is approved at a time.
CREATE TABLE shortlist (
    quote_id       bigint PRIMARY KEY REFERENCES quotes (id) ON DELETE CASCADE,
    evaluation_id  bigint NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
    status         text NOT NULL DEFAULT 'shortlisted' CHECK (status IN ('shortlisted', 'approved', 'rejected')),
    shortlisted_by bigint NOT NULL REFERENCES users (id),
    shortlisted_at timestamptz NOT NULL DEFAULT now(),
    decided_by     bigint REFERENCES users (id),
    decided_at     timestamptz
);
CREATE UNIQUE INDEX shortlist_one_approved ON shortlist (evaluation_id) WHERE status = 'approved';

-- A blocker red flag accepted on the record, with the reason.
CREATE TABLE flag_waivers (
    quote_id  bigint NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
    flag_id   text NOT NULL,
    reason    text NOT NULL CHECK (length(btrim(reason)) > 0),
    waived_by bigint NOT NULL REFERENCES users (id),
    waived_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (quote_id, flag_id)
);

-- Approvals, rejections and revocations: append-only records, each with
-- the frozen snapshot it decided on and its content hash.
CREATE TABLE decisions (
    id            bigserial PRIMARY KEY,
    evaluation_id bigint NOT NULL REFERENCES evaluations (id),
    quote_id      bigint NOT NULL,
    kind          text NOT NULL CHECK (kind IN ('approve', 'reject', 'revoke')),
    reason        text NOT NULL CHECK (length(btrim(reason)) > 0),
    decided_by    bigint NOT NULL REFERENCES users (id),
    decided_at    timestamptz NOT NULL DEFAULT now(),
    self_approval boolean NOT NULL DEFAULT false,
    snapshot      jsonb NOT NULL,
    content_hash  text NOT NULL,
    inputs_hash   text NOT NULL
);
CREATE INDEX decisions_evaluation_idx ON decisions (evaluation_id, id);

CREATE FUNCTION decisions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'decisions are append-only' USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER decisions_no_update BEFORE UPDATE OR DELETE ON decisions
    FOR EACH ROW EXECUTE FUNCTION decisions_append_only();

-- Facts and prices the recommendation needs beyond the brief, per evaluation.
CREATE TABLE decision_inputs (
    evaluation_id bigint PRIMARY KEY REFERENCES evaluations (id) ON DELETE CASCADE,
    data          jsonb NOT NULL DEFAULT '{}',
    version       integer NOT NULL DEFAULT 1,
    updated_by    bigint REFERENCES users (id),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Application settings an admin changes, e.g. allowing self-approval for a
-- team of one.
CREATE TABLE settings (
    key        text PRIMARY KEY,
    value      text NOT NULL,
    updated_by bigint REFERENCES users (id),
    updated_at timestamptz NOT NULL DEFAULT now()
);
