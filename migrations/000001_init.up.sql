CREATE TABLE users (
    id            bigserial PRIMARY KEY,
    email         text NOT NULL,
    name          text NOT NULL,
    role          text NOT NULL CHECK (role IN ('procurement', 'engineer', 'manager', 'admin')),
    password_hash text NOT NULL,
    language      text NOT NULL DEFAULT '',
    active        boolean NOT NULL DEFAULT true,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Only the SHA-256 of a session token is stored: a leaked table cannot be replayed.
CREATE TABLE sessions (
    token_hash       bytea PRIMARY KEY,
    user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at       timestamptz NOT NULL,
    last_seen_at     timestamptz NOT NULL,
    authenticated_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE api_tokens (
    id           bigserial PRIMARY KEY,
    user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         text NOT NULL DEFAULT '',
    token_hash   bytea NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at   timestamptz
);
CREATE INDEX api_tokens_user_id_idx ON api_tokens (user_id);

CREATE TABLE evaluations (
    id          bigserial PRIMARY KEY,
    name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    archived    boolean NOT NULL DEFAULT false,
    created_by  bigint NOT NULL REFERENCES users (id),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    version     integer NOT NULL DEFAULT 1
);

-- The brief is one document per evaluation; its fields are described in
-- internal/brief, so a JSON object keeps the schema in one place.
CREATE TABLE briefs (
    evaluation_id bigint PRIMARY KEY REFERENCES evaluations (id) ON DELETE CASCADE,
    data          jsonb NOT NULL DEFAULT '{}',
    version       integer NOT NULL DEFAULT 1,
    updated_by    bigint NOT NULL REFERENCES users (id),
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- Append-only: written in the same transaction as the change it records.
CREATE TABLE audit_events (
    id            bigserial PRIMARY KEY,
    at            timestamptz NOT NULL DEFAULT now(),
    actor_id      bigint REFERENCES users (id),
    actor_email   text NOT NULL,
    action        text NOT NULL,
    object_type   text NOT NULL,
    object_id     text NOT NULL DEFAULT '',
    evaluation_id bigint,
    before        jsonb,
    after         jsonb
);
CREATE INDEX audit_events_object_idx ON audit_events (object_type, object_id);
CREATE INDEX audit_events_evaluation_idx ON audit_events (evaluation_id);

CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_events is append-only' USING ERRCODE = '42501';
END;
$$;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
