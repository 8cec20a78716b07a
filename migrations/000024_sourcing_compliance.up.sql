-- Compliance evidence per round: the attestations the buyer requires
-- (with the scope they must cover) and each vendor's answer to each.
ALTER TABLE rfqs ADD COLUMN compliance jsonb NOT NULL DEFAULT '{}';

CREATE TABLE rfq_attestations (
    invitation_id bigint NOT NULL REFERENCES rfq_invitations (id) ON DELETE CASCADE,
    kind          text NOT NULL CHECK (kind IN ('soc2_type2', 'iso27001', 'pentest', 'hipaa_baa', 'gdpr_dpa', 'data_residency')),
    state         text NOT NULL CHECK (state IN ('stated', 'not_stated', 'refused')),
    issuer        text NOT NULL DEFAULT '' CHECK (length(issuer) <= 200),
    period_from   date,
    period_to     date,
    scope         text NOT NULL DEFAULT '' CHECK (length(scope) <= 1000),
    fabric        boolean NOT NULL DEFAULT false,
    bridge_letter boolean NOT NULL DEFAULT false,
    document_id   bigint REFERENCES rfq_documents (id) ON DELETE SET NULL,
    updated_at    timestamptz NOT NULL,
    PRIMARY KEY (invitation_id, kind),
    CHECK (period_from IS NULL OR period_to IS NULL OR period_from <= period_to)
);
