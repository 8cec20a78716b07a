-- Evidence you can trust: the acceptance tools beyond the benchmarks, uploads
-- that can be withdrawn (kept for the record, never counted), and the three
-- acceptance tests those tools decide. Stored results are now the compact
-- figures a page and a verdict need (see benchlog.Compact), not every parsed
-- row; the raw log stays in content for download and re-parsing.
ALTER TABLE benchmark_uploads DROP CONSTRAINT benchmark_uploads_kind_check;
ALTER TABLE benchmark_uploads ADD CONSTRAINT benchmark_uploads_kind_check CHECK (kind IN
    ('nccl', 'nvidia-smi', 'topo', 'fio', 'dcgmi-diag', 'nvbandwidth', 'nvlink', 'perftest', 'ibstat', 'gpu-burn',
     'unknown', 'evidence'));

ALTER TABLE benchmark_uploads
    ADD COLUMN withdrawn_at    timestamptz,
    ADD COLUMN withdrawn_by    bigint REFERENCES users (id),
    ADD COLUMN withdraw_reason text NOT NULL DEFAULT '' CHECK (length(withdraw_reason) <= 4000),
    ADD CONSTRAINT benchmark_uploads_withdrawn_check
        CHECK ((withdrawn_at IS NULL) = (withdrawn_by IS NULL) AND (withdrawn_at IS NULL OR length(btrim(withdraw_reason)) > 0));

ALTER TABLE acceptance_results DROP CONSTRAINT acceptance_results_test_check;
ALTER TABLE acceptance_results ADD CONSTRAINT acceptance_results_test_check CHECK (test IN
    ('container_start', 'gpu_health', 'nccl_allreduce', 'interconnect', 'fabric_links', 'burn_in', 'storage_staging',
     'checkpoint_io', 'failure_drill', 'idle_shutdown', 'billing_export', 'security_review'));

-- Logs are stored byte for byte; pglz, the default, spends about a second
-- compressing a 45 MB upload inside the INSERT. lz4 is several times faster
-- at a similar ratio on text. A server built without lz4 keeps pglz.
DO $$
BEGIN
    ALTER TABLE benchmark_uploads ALTER COLUMN content SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
    NULL;
END $$;
