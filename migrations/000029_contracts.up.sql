-- Contracts after an award (issue 31). A contract is drafted per awarded
-- quote when its award is approved, with the terms frozen from the quote's
-- revision of that moment. Its terms are a JSON object the application
-- layer reads (internal/contract); every change is a new version with a
-- reason, kept in contract_versions.
CREATE TABLE contracts (
    id             bigserial PRIMARY KEY,
    award_id       bigint NOT NULL REFERENCES awards (id) ON DELETE CASCADE,
    quote_id       bigint NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
    quote_revision integer NOT NULL CHECK (quote_revision >= 1),
    evaluation_id  bigint NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
    provider_id    bigint NOT NULL REFERENCES providers (id),
    vendor         text NOT NULL CHECK (length(vendor) BETWEEN 1 AND 200),
    currency       text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    owner_id       bigint REFERENCES users (id),
    version        integer NOT NULL DEFAULT 1 CHECK (version >= 1),
    terms          jsonb NOT NULL CHECK (jsonb_typeof(terms) = 'object' AND octet_length(terms::text) <= 65536),
    -- The day the current dates took effect: alerts due before it are not
    -- replayed, so a version that moves a date re-arms only later offsets.
    dates_since    date NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    UNIQUE (award_id, quote_id)
);
CREATE INDEX contracts_provider ON contracts (provider_id);

CREATE TABLE contract_versions (
    contract_id bigint NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    version     integer NOT NULL CHECK (version >= 1),
    terms       jsonb NOT NULL CHECK (jsonb_typeof(terms) = 'object' AND octet_length(terms::text) <= 65536),
    reason      text NOT NULL CHECK (length(reason) BETWEEN 1 AND 2000),
    author_id   bigint REFERENCES users (id),
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (contract_id, version)
);

-- Notice and renewal alerts go out through the outbox, once per contract,
-- offset and date, however many instances queue them: the alert's key is
-- unique (NULL for every other mail).
ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_kind_check;
ALTER TABLE mail_outbox
    ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('invitation', 'reminder', 'brief', 'answer', 'round', 'contract_notice')),
    ADD COLUMN dedupe_key text UNIQUE CHECK (dedupe_key IS NULL OR length(dedupe_key) <= 200);
