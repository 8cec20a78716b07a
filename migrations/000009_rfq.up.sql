-- Sourcing rounds: a request for quotes sent to vendors, who answer through
-- a secret link. Submitted terms stay sealed (readable by no buyer query)
-- until the deadline or an audited early opening; then each becomes a quote
-- of the evaluation with its provenance in rfq_quote_sources.
CREATE TABLE rfqs (
    id            bigserial PRIMARY KEY,
    evaluation_id bigint NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
    parent_id     bigint REFERENCES rfqs (id) ON DELETE CASCADE, -- the round a best-and-final round reopens
    round         integer NOT NULL DEFAULT 1 CHECK (round >= 1),
    deadline      timestamptz NOT NULL,
    time_zone     text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
    grace_hours   integer NOT NULL CHECK (grace_hours BETWEEN 0 AND 720),
    note          text NOT NULL DEFAULT '' CHECK (length(note) <= 5000),
    created_by    bigint NOT NULL REFERENCES users (id),
    created_at    timestamptz NOT NULL DEFAULT now(),
    -- Set when the sealed answers were opened: at the deadline (opened_by
    -- NULL) or early by a manager with a reason.
    opened_at     timestamptz,
    opened_by     bigint REFERENCES users (id),
    open_reason   text CHECK (open_reason IS NULL OR length(btrim(open_reason)) BETWEEN 1 AND 2000)
);
CREATE INDEX rfqs_evaluation_idx ON rfqs (evaluation_id, id);
CREATE INDEX rfqs_due_idx ON rfqs (deadline) WHERE opened_at IS NULL;

-- The brief as sent: version 1 at creation, a new version each time the
-- buyer sends the edited brief again.
CREATE TABLE rfq_briefs (
    rfq_id        bigint NOT NULL REFERENCES rfqs (id) ON DELETE CASCADE,
    version       integer NOT NULL CHECK (version >= 1),
    brief_version integer NOT NULL,
    data          jsonb NOT NULL,
    sent_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (rfq_id, version)
);

CREATE TABLE rfq_invitations (
    id           bigserial PRIMARY KEY,
    rfq_id       bigint NOT NULL REFERENCES rfqs (id) ON DELETE CASCADE,
    company      text NOT NULL CHECK (length(btrim(company)) BETWEEN 1 AND 200),
    contact      text NOT NULL CHECK (length(contact) <= 200),
    email        text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    language     text NOT NULL CHECK (language IN ('en', 'ru', 'zh', 'vi')),
    token_hash   bytea NOT NULL UNIQUE, -- sha-256 of the link's token; the token itself is never stored
    status       text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'opened', 'draft', 'submitted', 'revoked')),
    -- In a best-and-final round: the quote the answer revises.
    quote_id     bigint REFERENCES quotes (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    opened_at    timestamptz,
    asked_at     timestamptz,
    submitted_at timestamptz,
    revoked_at   timestamptz,
    draft        jsonb,       -- the vendor's working copy (canonical cells)
    draft_at     timestamptz
);
CREATE UNIQUE INDEX rfq_invitations_email_key ON rfq_invitations (rfq_id, lower(email));

-- Every submission is a revision; the newest one is the answer.
CREATE TABLE rfq_submissions (
    invitation_id bigint NOT NULL REFERENCES rfq_invitations (id) ON DELETE CASCADE,
    revision      integer NOT NULL CHECK (revision >= 1),
    terms         jsonb NOT NULL,
    submitted_at  timestamptz NOT NULL,
    PRIMARY KEY (invitation_id, revision)
);

-- Where a quote revision came from.
CREATE TABLE rfq_quote_sources (
    quote_id       bigint NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
    quote_revision integer NOT NULL,
    invitation_id  bigint NOT NULL REFERENCES rfq_invitations (id) ON DELETE CASCADE,
    revision       integer NOT NULL,
    submitted_at   timestamptz NOT NULL,
    PRIMARY KEY (quote_id, quote_revision)
);
CREATE UNIQUE INDEX rfq_quote_sources_invitation_key ON rfq_quote_sources (invitation_id);

CREATE TABLE rfq_questions (
    id            bigserial PRIMARY KEY,
    rfq_id        bigint NOT NULL REFERENCES rfqs (id) ON DELETE CASCADE,
    invitation_id bigint NOT NULL REFERENCES rfq_invitations (id) ON DELETE CASCADE,
    text          text NOT NULL CHECK (length(btrim(text)) BETWEEN 1 AND 4000),
    asked_at      timestamptz NOT NULL,
    answer        text CHECK (answer IS NULL OR length(btrim(answer)) BETWEEN 1 AND 8000),
    answered_by   bigint REFERENCES users (id),
    answered_at   timestamptz
);
CREATE INDEX rfq_questions_rfq_idx ON rfq_questions (rfq_id, id);

-- Price sheets and terms the vendor attaches, kept byte for byte.
CREATE TABLE rfq_documents (
    id            bigserial PRIMARY KEY,
    invitation_id bigint NOT NULL REFERENCES rfq_invitations (id) ON DELETE CASCADE,
    name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    content_type  text NOT NULL CHECK (content_type IN ('application/pdf', 'text/plain', 'text/csv')),
    size          integer NOT NULL CHECK (size BETWEEN 1 AND 10485760),
    data          bytea NOT NULL CHECK (octet_length(data) = size),
    uploaded_at   timestamptz NOT NULL
);
CREATE INDEX rfq_documents_invitation_idx ON rfq_documents (invitation_id, id);

-- Mail waiting to go out; the worker retries with backoff, so a mail
-- server that is down loses nothing.
CREATE TABLE mail_outbox (
    id              bigserial PRIMARY KEY,
    invitation_id   bigint REFERENCES rfq_invitations (id) ON DELETE CASCADE,
    kind            text NOT NULL CHECK (kind IN ('invitation', 'reminder', 'brief', 'answer', 'round')),
    to_addr         text NOT NULL,
    subject         text NOT NULL,
    body            text NOT NULL,
    status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_invitation_idx ON mail_outbox (invitation_id, id);
