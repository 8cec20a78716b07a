CREATE TABLE providers (
    id         bigserial PRIMARY KEY,
    name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    category   text NOT NULL DEFAULT '' CHECK (category IN ('', 'hyperscaler', 'specialized', 'marketplace', 'colocation', 'model_api')),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX providers_name_key ON providers (lower(name));

-- A quote's terms are its canonical CSV cells by column name (internal/quote
-- describes them): "" not stated, "refused", or the stated value's text, so
-- the export is exactly what was stored.
CREATE TABLE quotes (
    id            bigserial PRIMARY KEY,
    evaluation_id bigint NOT NULL REFERENCES evaluations (id) ON DELETE CASCADE,
    provider_id   bigint NOT NULL REFERENCES providers (id),
    author_id     bigint NOT NULL REFERENCES users (id),
    terms         jsonb NOT NULL,
    version       integer NOT NULL DEFAULT 1,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    updated_by    bigint NOT NULL REFERENCES users (id)
);
CREATE INDEX quotes_evaluation_idx ON quotes (evaluation_id, id);

-- Every saved state of a quote, so negotiations can be diffed.
CREATE TABLE quote_revisions (
    quote_id   bigint NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
    revision   integer NOT NULL,
    terms      jsonb NOT NULL,
    author_id  bigint NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (quote_id, revision)
);

-- Exchange rates the admin maintains: USD per one unit of currency.
CREATE TABLE fx_rates (
    currency     text PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
    usd_per_unit numeric(20, 10) NOT NULL CHECK (usd_per_unit > 0),
    as_of        date NOT NULL,
    updated_by   bigint NOT NULL REFERENCES users (id),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Market price references uploaded by the admin; the newest one is in use,
-- the bundled file when there is none.
CREATE TABLE price_references (
    id          bigserial PRIMARY KEY,
    source      text NOT NULL,
    source_date text NOT NULL,
    csv         text NOT NULL,
    uploaded_by bigint NOT NULL REFERENCES users (id),
    uploaded_at timestamptz NOT NULL DEFAULT now()
);
