-- Outages per contract (issue 31): entered, or read from health evidence
-- (a benchmark upload whose node failed its gate, Xid lines). SLA credit
-- claims are drafted from them; a claim's state is kept per month.
CREATE TABLE contract_outages (
    id          bigserial PRIMARY KEY,
    contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    start_at    timestamptz NOT NULL,
    end_at      timestamptz NOT NULL CHECK (end_at > start_at),
    nodes       integer NOT NULL CHECK (nodes >= 1),
    source      text NOT NULL CHECK (source IN ('entered', 'health_gate', 'xid')),
    note        text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
    upload_id   bigint REFERENCES benchmark_uploads (id) ON DELETE SET NULL,
    created_by  bigint REFERENCES users (id),
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contract_outages_contract ON contract_outages (contract_id, start_at);
