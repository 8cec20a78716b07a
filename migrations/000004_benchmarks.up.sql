-- Benchmark logs uploaded against a quote, kept byte for byte next to their
-- metadata so a download is always the file that was judged. The user's
-- file name is metadata only; storage_key is chosen by the server. kind
-- 'unknown' is text that matched no format, 'evidence' a file attached to a
-- manual acceptance record (not parsed). A log either parsed (result) or
-- did not (parse_error, with the line that broke it).
CREATE TABLE benchmark_uploads (
    id                bigserial PRIMARY KEY,
    quote_id          bigint NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
    kind              text NOT NULL CHECK (kind IN ('nccl', 'nvidia-smi', 'topo', 'fio', 'unknown', 'evidence')),
    original_name     text NOT NULL DEFAULT '' CHECK (length(original_name) <= 255),
    storage_key       uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    sha256            text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    size_bytes        bigint NOT NULL CHECK (size_bytes BETWEEN 1 AND 52428800),
    content           bytea NOT NULL CHECK (octet_length(content) = size_bytes),
    result            jsonb,
    parse_error       text,
    parse_error_line  integer NOT NULL DEFAULT 0,
    run_date          date,
    region            text NOT NULL DEFAULT '' CHECK (length(region) <= 200),
    gpu_model         text NOT NULL DEFAULT '' CHECK (length(gpu_model) <= 200),
    image_version     text NOT NULL DEFAULT '' CHECK (length(image_version) <= 200),
    framework_version text NOT NULL DEFAULT '' CHECK (length(framework_version) <= 200),
    node_ids          text[] NOT NULL DEFAULT '{}' CHECK (cardinality(node_ids) <= 1024),
    uploaded_by       bigint NOT NULL REFERENCES users (id),
    uploaded_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (quote_id, sha256),
    CHECK (kind = 'evidence' OR (result IS NULL) <> (parse_error IS NULL))
);
CREATE INDEX benchmark_uploads_quote_idx ON benchmark_uploads (quote_id, id);

-- The acceptance suite: one row per change, the newest row of a (quote,
-- test) is its current state. Automatic rows come from benchmark verdicts;
-- a waiver always carries its reason.
CREATE TABLE acceptance_results (
    id                 bigserial PRIMARY KEY,
    quote_id           bigint NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
    test               text NOT NULL CHECK (test IN ('container_start', 'gpu_health', 'nccl_allreduce', 'storage_staging',
                           'checkpoint_io', 'failure_drill', 'idle_shutdown', 'billing_export', 'security_review')),
    status             text NOT NULL CHECK (status IN ('pending', 'passed', 'failed', 'waived')),
    note               text NOT NULL DEFAULT '' CHECK (length(note) <= 4000),
    waiver_reason      text NOT NULL DEFAULT '' CHECK (length(waiver_reason) <= 4000),
    evidence_upload_id bigint REFERENCES benchmark_uploads (id) ON DELETE SET NULL,
    automatic          boolean NOT NULL DEFAULT false,
    recorded_by        bigint NOT NULL REFERENCES users (id),
    recorded_at        timestamptz NOT NULL DEFAULT now(),
    CHECK (status <> 'waived' OR length(btrim(waiver_reason)) > 0)
);
CREATE INDEX acceptance_results_quote_idx ON acceptance_results (quote_id, test, id);
